import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../api/createApiClient';
import { networkKey } from '../../queries/queryKeys';
import { untilSandboxRuns } from '../../queries/untilSandboxRuns';

/**
 * A block with its transactions (`explorer.block`); a finalized block never changes, so it never goes stale.
 * Any other is fresh for a moment: long enough that a page finds the answer its link asked for ahead of it
 * (see usePageHead) without asking again.
 */
export function blockQuery(api: ApiClient, networkId: string, block: string) {
  return queryOptions({
    queryKey: networkKey(networkId, 'block', block.toLowerCase()),
    queryFn: () => api.call('explorer.block', { networkId, block }),
    staleTime: (query) => (query.state.data?.finalized ? Infinity : 3000),
    ...untilSandboxRuns,
  });
}

/** A transaction with its receipt, decoded (`explorer.transaction`); mined ones change only in confirmations. */
export function transactionQuery(api: ApiClient, networkId: string, hash: string) {
  return queryOptions({
    queryKey: networkKey(networkId, 'tx', hash.toLowerCase()),
    queryFn: () => api.call('explorer.transaction', { networkId, hash }),
    staleTime: (query) => (query.state.data && !query.state.data.pending ? 60_000 : 0),
    refetchInterval: (query) => (query.state.data?.pending ? 3000 : false),
    ...untilSandboxRuns,
  });
}

/** An address at a block (`explorer.address`). */
export function addressQuery(api: ApiClient, networkId: string, address: string, block?: string) {
  return queryOptions({
    queryKey: networkKey(networkId, 'address', address.toLowerCase(), block ?? 'latest'),
    queryFn: () => api.call('explorer.address', block ? { networkId, address, block } : { networkId, address }),
    ...untilSandboxRuns,
  });
}

/** A mined transaction's call tree (`trace.transaction`); the trace of a mined transaction does not change. */
export function traceQuery(api: ApiClient, networkId: string, hash: string) {
  return queryOptions({
    queryKey: networkKey(networkId, 'trace', hash.toLowerCase()),
    queryFn: () => api.call('trace.transaction', { networkId, hash }),
    staleTime: Infinity,
    ...untilSandboxRuns,
  });
}

/**
 * A token contract's facts (`explorer.tokenFacts`): without its holders (`at` absent: at the head, the calls only), or
 * with them at the block those facts were read (`at`), so both say the same block; fresh for 15 s.
 */
export function tokenFactsQuery(api: ApiClient, networkId: string, token: string, at?: string) {
  return queryOptions({
    queryKey: networkKey(networkId, 'tokenFacts', token.toLowerCase(), at ?? 'calls'),
    queryFn: () => api.call('explorer.tokenFacts', at ? { networkId, token, block: at } : { networkId, token, holders: false }),
    staleTime: 15_000,
    ...untilSandboxRuns,
  });
}
