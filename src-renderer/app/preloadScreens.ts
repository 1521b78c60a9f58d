import { callModules } from '../features/call/callModules';
import { settleScreens } from '../lib/lazyScreen';
import { routes, type PageModule } from './routes';

/** Every screen's scripts: each route's page modules, and the call playground's Starknet page (drawn by network). */
export function everyScreenModule(): PageModule[] {
  const fromRoutes = Object.values(routes).flatMap((route) => ('modules' in route ? route.modules : []));
  return [...new Set<PageModule>([...fromRoutes, callModules.starknet])];
}

/**
 * Loads every screen's script once the window is idle after the first render, so that a navigation to a screen
 * not opened before draws it at once (lazyScreen finds it settled) instead of through React.lazy, whose fallback
 * React holds for its reveal throttle (about 300 ms) however soon the script arrives. A few hundred kB of script,
 * fetched from this machine. Once they are all loaded, the page's root element carries `data-screens-loaded`: the
 * moment from which a navigation draws any screen at once (journeys wait for it, not for a quiet network).
 */
export function preloadScreensWhenIdle(win: Window = window): void {
  const load = () => void settleScreens(everyScreenModule()).then(() => win.document.documentElement.setAttribute('data-screens-loaded', ''));
  if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(load, { timeout: 2000 });
  else win.setTimeout(load, 200);
}
