import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../../api/createApiClient';
import { networkKey } from '../../../../queries/queryKeys';
import { untilSandboxRuns } from '../../../../queries/untilSandboxRuns';

/** What a mined transaction changed (`trace.state`); a mined transaction's changes do not change. */
export function stateQuery(api: ApiClient, networkId: string, hash: string) {
  return queryOptions({
    queryKey: networkKey(networkId, 'state', hash.toLowerCase()),
    queryFn: () => api.call('trace.state', { networkId, hash }),
    staleTime: Infinity,
    ...untilSandboxRuns,
  });
}
