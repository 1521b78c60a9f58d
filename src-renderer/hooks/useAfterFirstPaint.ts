import { useEffect, useState } from 'react';

/**
 * False for a component's first frame, true once that frame is painted and the window is idle: a page draws what a
 * window shows above the fold first and the rest after (`rows.slice(0, shown)`), so a navigation's first frame
 * carries half the work. Where the window has no idle callbacks (tests' DOM), a timer stands in.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted) return;
    let idle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => setPainted(true);
    const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(afterFrame) : undefined;
    if (frame === undefined) afterFrame();
    function afterFrame() {
      if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(done, { timeout: 300 });
      else timer = setTimeout(done, 0);
    }
    return () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      if (idle !== undefined) cancelIdleCallback(idle);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [painted]);
  return painted;
}
