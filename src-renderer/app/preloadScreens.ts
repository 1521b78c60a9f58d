import { callModules } from '../features/call/callModules';
import { settleScreens } from '../lib/lazyScreen';
import { routes, type PageModule } from './routes';

/** Every screen's scripts: each route's page modules, and the call playground's Starknet page (drawn by network). */
export function everyScreenModule(): PageModule[] {
  const fromRoutes = Object.values(routes).flatMap((route) => ('modules' in route ? route.modules : []));
  return [...new Set<PageModule>([...fromRoutes, callModules.starknet])];
}

/** What the preload waits out: the page's own requests still in flight. */
export interface PageRequests {
  /** How many of the page's requests are in flight. */
  inFlight(): number;
  /** Calls back whenever that number may have changed; returns the unsubscribe. */
  onChange(listener: () => void): () => void;
}

/** The longest the preload waits for the page's requests (a node that does not answer holds it no longer). */
export const PRELOAD_WAIT_MS = 5000;

/**
 * Loads every screen's script once the page the window opened has its answers and the window is idle, so that a
 * navigation to a screen not opened before draws it at once (lazyScreen finds it settled) instead of through
 * React.lazy, whose fallback React holds for its reveal throttle (about 300 ms) however soon the script arrives.
 * A few hundred kB of script, fetched from this machine: started while the page's own answers were still coming
 * (an idle moment comes as soon as the page waits on a request), compiling them held a cold page back by up to
 * 200 ms on two cores. Once they are all loaded, the page's root element carries `data-screens-loaded`: the
 * moment from which a navigation draws any screen at once (journeys wait for it, not for a quiet network).
 */
export function preloadScreensWhenIdle(requests: PageRequests, win: Window = window): void {
  afterPageSettles(requests, () => void settleScreens(everyScreenModule()).then(() => win.document.documentElement.setAttribute('data-screens-loaded', '')), win);
}

/**
 * Calls `then` at an idle moment of the window once the page's requests are all answered (or after
 * {@link PRELOAD_WAIT_MS}, whichever comes first).
 */
export function afterPageSettles(requests: PageRequests, then: () => void, win: Pick<Window, 'setTimeout' | 'clearTimeout'> & Partial<Pick<Window, 'requestIdleCallback'>>, now: () => number = Date.now): void {
  const whenIdle = (callback: () => void) => (typeof win.requestIdleCallback === 'function' ? win.requestIdleCallback(callback, { timeout: 2000 }) : win.setTimeout(callback, 200));
  const started = now();
  whenIdle(() => {
    const waited = now() - started;
    if (requests.inFlight() === 0 || waited >= PRELOAD_WAIT_MS) return void whenIdle(then);
    let finished = false;
    const done = () => {
      if (finished) return;
      finished = true;
      stop();
      win.clearTimeout(giveUp);
      whenIdle(then);
    };
    const giveUp = win.setTimeout(done, PRELOAD_WAIT_MS - waited);
    const stop = requests.onChange(() => requests.inFlight() === 0 && done());
  });
}
