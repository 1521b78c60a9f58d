import { useSyncExternalStore } from 'react';

// A window's first Intl formatter (a number, a date, a currency) loads the ICU data: 15 to 40 ms on this kind of
// machine, on a cold page before its first frame if a figure that needs Intl is drawn in it. The figures that need
// it and are not what a page is opened for (an amount in money beside its ETH, a local time beside an age) wait
// for it: drawn once the window has painted and loaded Intl in an idle moment, then at once on every later page.

let ready = false;
let loading = false;
const listeners = new Set<() => void>();

function load(): void {
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(1);
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' }).format(0);
  ready = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!ready && !loading) {
    loading = true;
    const idle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(load, { timeout: 300 }) : setTimeout(load, 0));
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => void idle());
    else idle();
  }
  return () => void listeners.delete(listener);
}

/** Whether this window has loaded Intl: false until its first paint and an idle moment after it, then true for good. */
export function useIntlReady(): boolean {
  return useSyncExternalStore(subscribe, () => ready);
}
