import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../api/createApiClient';
import { appKey } from './queryKeys';

// The gas alerts are the app frame's as much as the gas page's: the frame watches their networks, shows what fired
// as notices and counts it on the sidebar; the page edits them. The page's first script asks for both lists early
// (app/askEarly.ts), with the same inputs as these.

/** Query key of the alerts people set; invalidate it after adding or deleting one, or when one fired. */
export const gasAlertsKey = appKey('gas', 'alerts');
/** Query key of the alerts that fired; invalidate it when a feed reports a new one. */
export const gasFiredKey = appKey('gas', 'fired');

/** The alerts people set, every network's (`gas.alerts`). */
export function gasAlertsQuery(api: ApiClient) {
  return queryOptions({ queryKey: gasAlertsKey, queryFn: () => api.call('gas.alerts', {}) });
}

/** The alerts that fired, newest first, the latest 50 (`gas.firedAlerts`). */
export function gasFiredQuery(api: ApiClient) {
  return queryOptions({ queryKey: gasFiredKey, queryFn: () => api.call('gas.firedAlerts', { limit: 50 }) });
}
