import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../api/createApiClient';

/** Query key of the person's settings. */
export const settingsKey = ['settings'] as const;

/** The person's settings (`settings.get`). */
export function settingsQuery(api: ApiClient) {
  return queryOptions({
    queryKey: settingsKey,
    queryFn: () => api.call('settings.get', {}),
    staleTime: Infinity,
  });
}
