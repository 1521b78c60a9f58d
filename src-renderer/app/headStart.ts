import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../api/createApiClient';
import { explorerPageModules } from '../features/explorer/usePageHead';
import { networksQuery } from '../queries/networks';
import { settingsQuery } from '../queries/settings';
import { screenModules } from './screenModules';

/** The scripts a path's screen needs beyond the entry chunk (code split), fetched together. */
export function modulesFor(pathname: string): (() => Promise<unknown>)[] {
  if (pathname.startsWith('/explorer/block/')) return [explorerPageModules.block, ...(/\/tx\/[^/]+$/.test(pathname) ? [explorerPageModules.txAtIndex] : [])];
  if (pathname.startsWith('/explorer/tx/')) return [explorerPageModules.tx];
  if (pathname.startsWith('/explorer/address/')) return [explorerPageModules.address];
  if (pathname === '/gas' || pathname.startsWith('/gas/')) return [screenModules.gas];
  if (pathname === '/settings' || pathname.startsWith('/settings/')) return [screenModules.settings];
  return [];
}

/**
 * Work begun before the first render, so that none of it waits for React to mount: the networks and settings
 * asked for (every screen needs the selected network first), and the script of the screen the URL names fetched
 * beside them (a deep link, a reload, a new window). A failure is left to the screen that needs it to show.
 */
export function headStart(api: ApiClient, queries: QueryClient, pathname: string): void {
  void queries.prefetchQuery(networksQuery(api));
  void queries.prefetchQuery(settingsQuery(api));
  for (const load of modulesFor(pathname)) void load().catch(() => {});
}
