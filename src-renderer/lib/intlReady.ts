import { useSyncExternalStore } from 'react';
import { loadIntlData } from './loadIntlData';

// A window's first Intl formatter (a number, a date, a currency) loads the ICU data: 31 to 38 ms on this kind of
// machine, 100 to 140 on a busy one, in one piece of the window's thread. The figures that need it and are not what a
// page is opened for (an amount in money beside its ETH, a local time beside an age) wait for it: drawn once the
// window has painted and loaded Intl, then at once on every later page. The data is loaded first by a worker
// (intlWarmup.worker.ts): ICU keeps it for the whole process, so the window's own first formatters, made at an idle
// moment after, take a few milliseconds of its thread. Where a worker cannot start, the window loads it itself.

let ready = false;
let loading = false;
const listeners = new Set<() => void>();

function load(): void {
  loadIntlData();
  ready = true;
  for (const listener of listeners) listener();
}

const whenIdle = (callback: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(callback, { timeout: 300 }) : setTimeout(callback, 0));

/**
 * Starts the worker that loads ICU's data off the window's thread and calls `done` once it has (or has failed: the
 * window then loads it itself). False where no worker can start (a test's DOM, a shell without workers).
 */
function warmInAWorker(done: () => void): boolean {
  if (typeof Worker !== 'function') return false;
  try {
    const worker = new Worker(new URL('./intlWarmup.worker.ts', import.meta.url), { type: 'module', name: 'intl-warmup' });
    const finish = () => {
      worker.terminate();
      done();
    };
    worker.addEventListener('message', finish, { once: true });
    worker.addEventListener('error', finish, { once: true });
    return true;
  } catch {
    return false;
  }
}

function startLoading(): void {
  if (!warmInAWorker(() => void whenIdle(load))) whenIdle(load);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!ready && !loading) {
    loading = true;
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(startLoading);
    else startLoading();
  }
  return () => void listeners.delete(listener);
}

/** Whether this window has loaded Intl: false until its first paint and the data's loading after it, then true for good. */
export function useIntlReady(): boolean {
  return useSyncExternalStore(subscribe, () => ready, () => false);
}
