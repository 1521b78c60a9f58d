import { useEffect, useState } from 'react';
import { debounceKey, fromDebounceKey } from './debounceKey';

/** `value`, once it has stopped changing for `ms` (compared by JSON, so equal objects do not restart the wait). */
export function useDebounced<T>(value: T, ms: number): T {
  const key = debounceKey(value);
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(fromDebounceKey<T>(key)), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return settled;
}
