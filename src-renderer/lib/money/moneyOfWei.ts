import { formatUnits } from 'viem';
import type { EthPrice } from '../../../src-shared/api/prices';

/** The exact worth of `wei` at `price` (`raw` / 10^`decimals` per ETH), as a decimal string: nothing rounded yet. */
export function moneyOfWei(wei: string | bigint, price: Pick<EthPrice, 'raw' | 'decimals'>): string {
  return formatUnits(BigInt(wei) * BigInt(price.raw), 18 + price.decimals);
}

/** The price itself (what one ETH is worth), as an exact decimal string. */
export function pricePerEth(price: Pick<EthPrice, 'raw' | 'decimals'>): string {
  return formatUnits(BigInt(price.raw), price.decimals);
}
