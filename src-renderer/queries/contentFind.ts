import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../api/createApiClient';
import { networkKey } from './queryKeys';

/** The key under which every find by name of a network is kept; invalidate it once something is added or named. */
export const contentFindKey = (networkId: string) => networkKey(networkId, 'content', 'find');

/** Content found by its name on a network (`content.find`): the names given, set, opened by and pinned under. */
export function contentFindQuery(api: ApiClient, networkId: string, text: string, limit = 20) {
  return queryOptions({
    queryKey: [...contentFindKey(networkId), text, limit],
    queryFn: () => api.call('content.find', { networkId, text, limit }),
    staleTime: 5_000,
    retry: false,
  });
}
