import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../api/createApiClient';

/** Which shell hosts the app, and its version (`app.info`); it never changes while the app runs. */
export function appInfoQuery(api: ApiClient) {
  return queryOptions({
    queryKey: ['app.info'] as const,
    queryFn: () => api.call('app.info', {}),
    staleTime: Infinity,
  });
}
