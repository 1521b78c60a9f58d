import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../api/createApiClient';
import { settingsKey } from './queryKeys';

export { settingsKey };

/** The person's settings (`settings.get`). */
export function settingsQuery(api: ApiClient) {
  return queryOptions({
    queryKey: settingsKey,
    queryFn: () => api.call('settings.get', {}),
    staleTime: Infinity,
  });
}
