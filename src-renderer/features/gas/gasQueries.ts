import { queryOptions } from '@tanstack/react-query';
import type { GasRange } from '../../../src-shared/gas/gasTypes';
import type { ApiClient } from '../../api/createApiClient';
import { appKey, networkKey } from '../../queries/queryKeys';

/** The keys of a network's stored history, every range (read again once past blocks are filled in). */
export const gasHistoryKey = (networkId: string) => networkKey(networkId, 'gas', 'history');

/** Stored samples over a range (refetched as polls add samples). */
export function gasHistoryQuery(api: ApiClient, networkId: string, range: GasRange) {
  return queryOptions({
    queryKey: networkKey(networkId, 'gas', 'history', range),
    queryFn: () => api.call('gas.history', { networkId, range }),
    refetchInterval: range === 'hour' ? 10_000 : 60_000,
  });
}

/** Per-block base fee and gas used over the latest blocks. */
export function gasBlocksQuery(api: ApiClient, networkId: string, count: number) {
  return queryOptions({
    queryKey: networkKey(networkId, 'gas', 'blocks', count),
    queryFn: () => api.call('gas.blocks', { networkId, count }),
    refetchInterval: 12_000,
  });
}

/** Query key of the dashboard's settings; invalidate it after saving them. */
export const gasSettingsKey = appKey('gas', 'settings');

/** The dashboard's settings (`gas.settings`), which change only when saved here. */
export function gasSettingsQuery(api: ApiClient) {
  return queryOptions({ queryKey: gasSettingsKey, queryFn: () => api.call('gas.settings', {}), staleTime: Infinity });
}

/** Gas of a transfer, a token transfer and a swap on a network (`prices.typicalGas`): the seeded receipts on Local. */
export function typicalGasQuery(api: ApiClient, networkId: string) {
  return queryOptions({ queryKey: networkKey(networkId, 'gas', 'typical'), queryFn: () => api.call('prices.typicalGas', { networkId }), staleTime: Infinity });
}
