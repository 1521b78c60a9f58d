import type { QueryClient } from '@tanstack/react-query';
import type { EarlyApiClient } from '../api/earlyAnswers';
import { latestInput } from '../features/explorer/home/ExplorerHome';
import { prefetchExplorerPage, type ExplorerPageKind } from '../features/explorer/prefetchExplorerPage';
import { gasFeedInput } from '../features/gas/useGasFeed';
import { keepLastOf } from '../hooks/useLiveSubscription';
import { networksQuery } from '../queries/networks';
import type { RouteMatch } from './routes';

/**
 * Puts what the page's first script heard early (askEarly.ts) where the screen's first render reads it: a block,
 * transaction or address page's answer in the query cache, the home's latest blocks and the gas dashboard's feed as
 * the last ones heard. Without this the first render drew "Reading…" while the answer was already here, and the
 * page came a render later (30–40 ms on a cold load). Resolves once done; what has not arrived yet is left to the
 * screen to wait for.
 */
export async function firstScreenData(queries: QueryClient, api: EarlyApiClient, match: RouteMatch | undefined): Promise<void> {
  if (!match) return;
  const networks = await queries.fetchQuery(networksQuery(api));
  const networkId = networks.find((network) => network.selected)?.id;
  if (networkId === undefined) return;
  const { id, params } = match;
  if (id === 'explorer') {
    const latest = api.earlyEvent('explorer.latest', latestInput(networkId));
    if (latest) keepLastOf('explorer.latest', latestInput(networkId), latest);
    return;
  }
  if (id === 'gas') {
    const gas = api.earlyEvent('gas.watch', gasFeedInput(networkId));
    if (gas) keepLastOf('gas.watch', gasFeedInput(networkId), gas);
    return;
  }
  // The explorer pages that read one thing first, and the path parameter that names it.
  const page = id === 'block' ? params.id : id === 'tx' ? params.hash : id === 'address' ? params.address : undefined;
  if (page !== undefined) await prefetchExplorerPage(queries, api, networkId, id as ExplorerPageKind, page);
}
