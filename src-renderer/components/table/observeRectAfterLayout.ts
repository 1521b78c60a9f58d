import type { Virtualizer } from '@tanstack/react-virtual';

/**
 * A virtualizer's scroll box size, as its ResizeObserver reports it: after the browser has laid the page out, before
 * it paints. The virtualizer's own reads the box's size as it mounts too, in the middle of the first commit, which
 * forced the whole page's first layout there (60 ms of a cold block page on two cores) and drew the rows again once
 * it had the size. With `initialRect` at the box's most likely size, the first commit draws the rows in view.
 */
export function observeRectAfterLayout<S extends Element, I extends Element>(instance: Virtualizer<S, I>, cb: (rect: { width: number; height: number }) => void): (() => void) | undefined {
  const element = instance.scrollElement;
  const View = instance.targetWindow?.ResizeObserver;
  if (!element || !View) return undefined;
  // Read inside the observer's callback, where layout is already done: the same sizes the virtualizer reads itself.
  const observer = new View(() => cb({ width: Math.round(element.clientWidth), height: Math.round(element.clientHeight) }));
  observer.observe(element, { box: 'content-box' });
  return () => observer.disconnect();
}
