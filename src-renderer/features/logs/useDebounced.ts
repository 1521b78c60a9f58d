import { useEffect, useState } from 'react';
import { debounceKey, fromDebounceKey } from './debounceKey';

/**
 * `value`, once it has stopped changing for `ms` (compared by JSON, so equal objects do not restart the wait);
 * undefined before that, from the first render too. The log query's check is so asked 400 ms after a link
 * opens the page, not at once: a Run clicked straight away gets its first rows without the check's samples
 * (sampled requests, four at a time, and the decoding of their logs) in main beside them (sooner on a cold page, measured interleaved).
 */
export function useDebounced<T>(value: T, ms: number): T | undefined {
  const key = debounceKey(value);
  const [settled, setSettled] = useState<T | undefined>(undefined);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(fromDebounceKey<T>(key)), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return settled;
}
