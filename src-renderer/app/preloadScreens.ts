import { callModules } from '../features/call/callModules';
import { explorerPageModules } from '../features/explorer/pageModules';
import { loadGasBelowTheFold } from '../features/gas/belowTheFoldModule';
import { settleScreens } from '../lib/lazyScreen';
import { routes, type PageModule } from './routes';

/**
 * Every screen's scripts: each route's page modules, the call playground's Starknet page (drawn by network) and the
 * address and transaction pages' tabs beyond their overview (drawn by tab) and the gas page's parts below its levels.
 */
export function everyScreenModule(): PageModule[] {
  const fromRoutes = Object.values(routes).flatMap((route) => ('modules' in route ? route.modules : []));
  return [...new Set<PageModule>([...fromRoutes, callModules.starknet, explorerPageModules.addressHistory, explorerPageModules.txReplay, loadGasBelowTheFold])];
}

/** The window's idle moments, as the preload asks for them. */
export type WhenIdle = (callback: () => void) => void;

/** The window's requestIdleCallback (at most 2 s away), or a short timer where it has none. */
function idleMomentsOf(win: Pick<Window, 'setTimeout'> & Partial<Pick<Window, 'requestIdleCallback'>>): WhenIdle {
  return (callback) => void (typeof win.requestIdleCallback === 'function' ? win.requestIdleCallback(callback, { timeout: 2000 }) : win.setTimeout(callback, 200));
}

/**
 * Loads every screen's script, one screen per idle moment of the window, so that a navigation to a screen not
 * opened before draws it at once (lazyScreen finds it settled) instead of showing its fallback while its script
 * loads. One at a time, not all at once: a
 * cold page whose first idle moment came while it waited for its data then had to wait, its answer in hand, for
 * the compiling of every screen's script before it could draw it (up to 200 ms on two cores); now it waits for one
 * screen's at most. Once all are loaded, the page's root element carries `data-screens-loaded`: the moment from
 * which a navigation draws any screen at once (journeys wait for it, not for a quiet network).
 */
export function preloadScreensWhenIdle(win: Window = window): Promise<void> {
  return preloadOneAtATime(everyScreenModule(), idleMomentsOf(win)).then(() => win.document.documentElement.setAttribute('data-screens-loaded', ''));
}

/** Loads `modules` one after the other, each at an idle moment after the one before is loaded. */
export async function preloadOneAtATime(modules: readonly PageModule[], whenIdle: WhenIdle): Promise<void> {
  for (const module of modules) {
    await new Promise<void>((resolve) => whenIdle(resolve));
    await settleScreens([module]);
  }
}
