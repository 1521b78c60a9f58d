import type { QueryClient } from '@tanstack/react-query';
import { addressTextProblem } from '../../../src-shared/chain/addressTextProblem';
import { blockIdProblem } from '../../../src-shared/chain/blockId';
import type { ApiClient } from '../../api/createApiClient';
import { addressQuery, blockQuery, transactionQuery } from './explorerQueries';

/** The explorer's pages that read one thing first: a block, a transaction, an address. */
export type ExplorerPageKind = 'block' | 'tx' | 'address';

/**
 * Puts the first read of the explorer page `kind` names for `value` in flight (the page's own query then finds
 * it in flight or done: same key, same options). Nothing for a value the page would refuse. Resolves once the
 * answer is in the query cache.
 */
export function prefetchExplorerPage(queries: QueryClient, api: ApiClient, networkId: string, kind: ExplorerPageKind, value: string): Promise<void> | undefined {
  if (kind === 'block' && blockIdProblem(value) === undefined) return queries.prefetchQuery(blockQuery(api, networkId, value));
  if (kind === 'tx' && /^0x[0-9a-fA-F]{64}$/.test(value)) return queries.prefetchQuery(transactionQuery(api, networkId, value));
  if (kind === 'address' && addressTextProblem(value) === undefined) return queries.prefetchQuery(addressQuery(api, networkId, value));
  return undefined;
}
