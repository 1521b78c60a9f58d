import { queryOptions } from '@tanstack/react-query';
import type { WhatIfChange } from '../../../../../src-shared/api/trace';
import type { ApiClient } from '../../../../api/createApiClient';
import { networkKey } from '../../../../queries/queryKeys';

/**
 * A what-if run (`trace.whatIf`): kept as long as the page lives, since a mined transaction run on its parent's state
 * gives the same answer every time. Never retried: a change the EVM refuses is refused again.
 */
export function whatIfQuery(api: ApiClient, networkId: string, hash: string, change: WhatIfChange) {
  return queryOptions({
    queryKey: networkKey(networkId, 'whatif', hash.toLowerCase(), JSON.stringify(change)),
    queryFn: () => api.call('trace.whatIf', { networkId, hash, change }),
    staleTime: Infinity,
    retry: false,
  });
}
