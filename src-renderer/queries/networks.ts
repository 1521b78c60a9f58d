import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../api/createApiClient';

/** Query key of the network list; invalidate it after any network or credential change. */
export const networksKey = ['networks'] as const;

/** Every network with its credential status and which is selected (`networks.list`). */
export function networksQuery(api: ApiClient) {
  return queryOptions({
    queryKey: networksKey,
    queryFn: () => api.call('networks.list', {}),
  });
}
