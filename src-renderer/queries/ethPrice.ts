import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../api/createApiClient';
import { networkKey } from './queryKeys';

/** Query key of a network's ETH price; set it from a save or clear of the person's price. */
export const ethPriceKey = (networkId: string) => networkKey(networkId, 'eth-price');

/**
 * A network's ETH price with its source (`prices.ethPrice`): read again every 30 s while shown, so a moving feed's
 * new round reaches the page; the page always names the round and time it used.
 */
export function ethPriceQuery(api: ApiClient, networkId: string) {
  return queryOptions({ queryKey: ethPriceKey(networkId), queryFn: () => api.call('prices.ethPrice', { networkId }), refetchInterval: 30_000 });
}
