import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useApi } from '../../api/useApi';
import type { ExplorerRequest } from './explorerRequest';
import { explorerPageModules } from './pageModules';
import { prefetchExplorerPage } from './prefetchExplorerPage';

/** How long after the explorer first shows the page modules are fetched in the background. */
const WARM_AFTER_MS = 800;

/**
 * Two head starts for a page opened by URL or link:
 * - its data is asked for at once, while its page module may still be loading (the page's own query then finds
 *   it in flight or done: same key, same options);
 * - once the explorer has shown anything and the window is idle, every page module is fetched, so the first
 *   block or transaction opened does not wait for its script.
 */
export function usePageHead(request: Pick<ExplorerRequest, 'kind' | 'value'> | undefined, networkId: string): void {
  const api = useApi();
  const queries = useQueryClient();
  const kind = request?.kind;
  const value = request?.value;
  useEffect(() => {
    if (!kind || value === undefined || kind === 'txAtIndex') return;
    void prefetchExplorerPage(queries, api, networkId, kind, value);
  }, [api, queries, networkId, kind, value]);

  useEffect(() => {
    let idle: number | undefined;
    const timer = window.setTimeout(() => {
      const warm = () => {
        for (const load of Object.values(explorerPageModules)) void load().catch(() => {}); // a failure shows when the page is opened
      };
      idle = window.requestIdleCallback(warm, { timeout: 2000 }); // Chromium's (Electron's and the web host's)
    }, WARM_AFTER_MS);
    return () => {
      window.clearTimeout(timer);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, []);
}
