import { useEffect, useState, type ReactNode } from 'react';
import { useDrawnAhead } from './KeepAlive';

/** Longest wait for a frame: a window in the background draws none, and its parts below must still come. */
const FRAME_WAIT_MS = 100;

/**
 * True once the frame the component first rendered in has been painted (or after {@link FRAME_WAIT_MS} where no
 * frame comes). What a page shows below the fold renders then, so the first frame holds only what is in view. True
 * from the start in a part drawn ahead, away from the page ({@link useDrawnAhead}): nobody waits for that drawing.
 */
export function useAfterFirstPaint(): boolean {
  const ahead = useDrawnAhead();
  const [painted, setPainted] = useState(ahead);
  useEffect(() => {
    if (painted) return;
    let after: ReturnType<typeof setTimeout> | undefined;
    const done = () => setPainted(true);
    // A timeout set inside the frame's callback runs once that frame is painted.
    const frame = requestAnimationFrame(() => (after = setTimeout(done, 0)));
    const fallback = setTimeout(done, FRAME_WAIT_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(after);
      clearTimeout(fallback);
    };
  }, [painted]);
  return painted;
}

/**
 * Renders `children` once the page's first frame is painted: the parts of a page below the fold (charts, lists,
 * settings), so that the first frame, the one a person waits for, holds only what they see first. Below the fold,
 * nothing in view moves when they come.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  return useAfterFirstPaint() ? <>{children}</> : null;
}
