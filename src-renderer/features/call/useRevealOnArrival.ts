import { useEffect, type RefObject } from 'react';

/** How much of the element's top must show for it to count as in view: its heading and first line. */
const TOP_SHOWN_PX = 120;

/**
 * Whether the element's top can be read where it is: below what covers the top of the window (the top bar,
 * which the element's `scroll-margin-top` allows for) and above the window's bottom.
 */
export function topInView(element: HTMLElement): boolean {
  const { top, height } = element.getBoundingClientRect();
  const covered = Number.parseFloat(getComputedStyle(element).scrollMarginTop) || 0;
  return top >= covered && top + Math.min(height, TOP_SHOWN_PX) <= window.innerHeight;
}

/**
 * When `arrival` changes to something (a call's outcome, or the error that kept it from being made), focuses the
 * element (a region named by its heading, tabIndex -1: a screen reader reads what came) and, when its top is out
 * of view (a narrow window shows it under a long form), scrolls it to the top of the window. Beside the form on a
 * wide window it is already in view, and nothing moves.
 */
export function useRevealOnArrival(ref: RefObject<HTMLElement | null>, arrival: unknown): void {
  useEffect(() => {
    const element = ref.current;
    if (arrival === undefined || arrival === null || !element) return;
    element.focus({ preventScroll: true });
    if (topInView(element)) return;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    element.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' });
  }, [ref, arrival]);
}
