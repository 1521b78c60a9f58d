import { useEffect, useRef, useState } from 'react';

/**
 * `value`, passed on at most every `ms` (the latest one always arrives, at the end of the wait), or at once
 * when `flush` is true. A run delivers a page of rows every few milliseconds; rebuilding a 100,000-row table's
 * model for each would spend the page's time on frames nobody sees.
 *
 * While `flush` is true the value goes through in the same render: held in state, it arrived one render (and
 * one painted frame) later, and that extra render came after every change, the click that starts a run among
 * them.
 */
export function useThrottled<T>(value: T, ms: number, flush = false): T {
  const [shown, setShown] = useState(value);
  const last = useRef(0);
  // Kept in step during the render itself (React renders this hook's component again before anything is drawn),
  // so the value shown once the flushing ends is the last one that went through.
  if (flush && shown !== value) setShown(value);
  useEffect(() => {
    if (flush) {
      last.current = Date.now();
      return;
    }
    if (shown === value) return;
    const timer = setTimeout(
      () => {
        last.current = Date.now();
        setShown(value);
      },
      Math.max(0, ms - (Date.now() - last.current)),
    );
    return () => clearTimeout(timer);
  }, [value, shown, ms, flush]);
  return flush ? value : shown;
}
