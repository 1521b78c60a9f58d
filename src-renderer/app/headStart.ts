import { callModules } from '../features/call/callModules';
import { loadContentPage } from '../features/content/contentModule';
import { explorerPageModules } from '../features/explorer/pageModules';
import { loadLogsPage } from '../features/logs/logsModule';
import { screenModules } from './screenModules';

/** The scripts a path's screen needs beyond the app's own (code split), fetched together. */
export function modulesFor(pathname: string): (() => Promise<unknown>)[] {
  if (pathname.startsWith('/explorer/block/')) return [explorerPageModules.block, ...(/\/tx\/[^/]+$/.test(pathname) ? [explorerPageModules.txAtIndex] : [])];
  if (pathname.startsWith('/explorer/tx/')) return [explorerPageModules.tx];
  if (pathname.startsWith('/explorer/address/')) return [explorerPageModules.address];
  if (pathname === '/gas' || pathname.startsWith('/gas/')) return [screenModules.gas];
  if (pathname === '/settings' || pathname.startsWith('/settings/')) return [screenModules.settings];
  if (pathname === '/logs') return [loadLogsPage];
  // The EVM form: the Local sandbox and most networks are EVM chains (a Starknet network loads its own when drawn).
  if (pathname === '/call') return [callModules.evm];
  if (pathname === '/content' || pathname.startsWith('/content/')) return [loadContentPage];
  return [];
}

/**
 * The script of the screen the URL names (a deep link, a reload, a new window), fetched by the page's first
 * script beside the app's own, so that neither waits for the other. A failure is left to the screen to show.
 */
export function loadScreenModules(pathname: string): void {
  for (const load of modulesFor(pathname)) void load().catch(() => {});
}
