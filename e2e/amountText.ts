import { formatUnits } from 'viem';

// How a page writes an amount for reading, restated here for the journeys: six fraction digits, or six significant
// digits below 1, whichever keeps more, rounded half up (never cut), thousands grouped.
const reading = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6, maximumSignificantDigits: 6, roundingPriority: 'morePrecision' });

/** An amount in a token's units as a page writes it: `6,400 GLS`, `0.000131595 SUSD`. */
export function tokenUnitsText(amount: bigint, decimals: number, symbol: string): string {
  return `${reading.format(formatUnits(amount, decimals) as `${number}`)} ${symbol}`;
}

/** An amount of wei in ETH as a page writes it: `0.000131595 ETH`. */
export function ethText(wei: bigint): string {
  return `${reading.format(formatUnits(wei, 18) as `${number}`)} ETH`;
}
