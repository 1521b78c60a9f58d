import { useEffect, useRef, useState } from 'react';

/**
 * `value`, passed on at most every `ms` (the latest one always arrives, at the end of the wait), or at once
 * when `flush` is true. A run delivers a page of rows every few milliseconds; rebuilding a 100,000-row table's
 * model for each would spend the page's time on frames nobody sees.
 */
export function useThrottled<T>(value: T, ms: number, flush = false): T {
  const [shown, setShown] = useState(value);
  const last = useRef(0);
  useEffect(() => {
    if (flush || Date.now() - last.current >= ms) {
      last.current = Date.now();
      setShown(value);
      return;
    }
    const timer = setTimeout(() => {
      last.current = Date.now();
      setShown(value);
    }, ms - (Date.now() - last.current));
    return () => clearTimeout(timer);
  }, [value, ms, flush]);
  return shown;
}
