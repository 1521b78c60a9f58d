// The page side of the first-paint bench (bench/firstPaint.ts): what it marks in the page, and when.

/** The status dot once it announces a head: `Connected to <name>, block N, <latency>`. */
const HEAD_DOT = '[role=img][aria-label^="Connected to "]';

/** What {@link HEAD_OBSERVER} leaves on the page's global object. (Page functions are passed to Playwright as
 * functions, not strings: the app's Content-Security-Policy forbids evaluating strings.) */
export interface PageGlobals {
  __benchHead?: { label: string; seenAt: number; frameAt: number };
  /** When the first status dot of any state (e.g. "Connecting to …") was put in the page: the app's UI is up. */
  __benchFirstDot?: number;
  /** When the home's latest blocks were first in the page (kept ones or live). */
  __benchBlocks?: number;
  /** The page's (DOM) performance, which this Node-typed file does not know. */
  performance: { timeOrigin: number; getEntriesByType(type: 'navigation'): { loadEventEnd: number }[] };
}

/** The page-side marker: when the status dot first announced a head, and the frame that painted it. */
export const HEAD_OBSERVER = `(() => {
  const now = () => performance.timeOrigin + performance.now();
  const check = () => {
    if (!window.__benchFirstDot && document.querySelector('[role=img][aria-label]')) window.__benchFirstDot = now();
    if (!window.__benchBlocks && document.querySelector('[aria-labelledby=latest-blocks] li')) window.__benchBlocks = now();
    if (window.__benchHead) {
      if (window.__benchBlocks) observer.disconnect();
      return;
    }
    for (const element of document.querySelectorAll(${JSON.stringify(HEAD_DOT)})) {
      const label = element.getAttribute('aria-label') || '';
      if (!/block [0-9]/.test(label)) continue;
      const mark = { label, seenAt: now(), frameAt: 0 };
      window.__benchHead = mark;
      if (window.__benchBlocks) observer.disconnect();
      requestAnimationFrame(() => { mark.frameAt = now(); });
      return;
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-label', 'role'] });
})();`;
