import type { MethodHandlers } from '../../../src-shared/api/types';
import { toAbortSignal } from '../rpc/toAbortSignal';
import type { PricesService } from './createPricesService';

/** The contract's `prices` area over the prices service. */
export function pricesHandlers(
  prices: PricesService,
): Pick<MethodHandlers, 'prices.ethPrice' | 'prices.setUserPrice' | 'prices.clearUserPrice' | 'prices.typicalGas' | 'prices.estimateGas'> {
  return {
    'prices.ethPrice': ({ networkId }, context) => prices.ethPrice(networkId, toAbortSignal(context.signal)),
    'prices.setUserPrice': ({ networkId, amount, currency }) => prices.setUserPrice(networkId, amount, currency),
    'prices.clearUserPrice': ({ networkId }) => prices.clearUserPrice(networkId),
    'prices.typicalGas': ({ networkId }, context) => prices.typicalGas(networkId, toAbortSignal(context.signal)),
    'prices.estimateGas': ({ networkId, call }, context) => prices.estimateGas(networkId, call, toAbortSignal(context.signal)),
  };
}
