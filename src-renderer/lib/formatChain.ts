import { formatUnits } from 'viem';
import { groupThousands as group } from '../../src-shared/text/groupDigits';
import { readableDecimal } from '../../src-shared/text/readableDecimal';

/** The units an ETH amount can be shown in. */
export type EthUnit = 'ETH' | 'gwei' | 'wei';

// The one short form of a hash or an address lives in src-shared (the main process writes it too); kept reachable
// here for the screens that import their formats from this file.
export { shortHex } from '../../src-shared/text/shortHex';

// Amounts for reading: six fraction digits, or six significant digits below 1, whichever keeps more; rounded half up,
// never cut (0.000131595 stays whole, 1.9999996 is 2); exact from the decimal string, grouped by thousands
// (readableDecimal.ts). The exact value goes in titles and copies.
export { readableDecimal };

/** A wei quantity (0x hex or decimal) in a unit, rounded for reading: `1.5 ETH`, `30.2 gwei`, `1,000 wei` (wei is exact). */
export function formatEth(wei: string | bigint, unit: EthUnit = 'ETH', digits = 6): string {
  let value: bigint;
  try {
    value = typeof wei === 'bigint' ? wei : BigInt(wei);
  } catch {
    return String(wei);
  }
  if (unit === 'wei') return `${group(value.toString(10))} wei`;
  return `${readableDecimal(formatUnits(value, unit === 'ETH' ? 18 : 9), digits)} ${unit}`;
}

/** A wei quantity in ETH, exact (every digit): what a copy of an amount gives. */
export function exactEth(wei: string | bigint): string {
  try {
    return formatUnits(typeof wei === 'bigint' ? wei : BigInt(wei), 18);
  } catch {
    return String(wei);
  }
}

/** A token amount in its units (`1,250.5 GLS`), rounded for reading, or its raw integer when the decimals are unknown. */
export function formatTokenAmount(amount: string, decimals: number | null, symbol: string | null): string {
  try {
    const value = BigInt(amount);
    const text = decimals === null ? group(value.toString(10)) : readableDecimal(formatUnits(value, decimals));
    return `${text}${symbol ? ` ${symbol}` : decimals === null ? ' (raw units)' : ''}`;
  } catch {
    return amount;
  }
}

/** A token amount in its units, exact (every digit, no grouping): what a copy of the amount gives. */
export function exactTokenAmount(amount: string, decimals: number | null): string {
  try {
    return decimals === null ? BigInt(amount).toString(10) : formatUnits(BigInt(amount), decimals);
  } catch {
    return amount;
  }
}

/** A 0x quantity as a grouped decimal; odd input as is. */
export function formatNumber(value: string | number | bigint | null | undefined): string {
  if (value === null || value === undefined) return '—';
  try {
    return group(BigInt(value).toString(10));
  } catch {
    return String(value);
  }
}

/** A percentage with one decimal, rounded half up (0.376% → 0.4%, never cut to 0.3%): used of limit. */
export function percentOf(used: string, limit: string): number {
  try {
    const l = BigInt(limit);
    return l === 0n ? 0 : Number((BigInt(used) * 2000n + l) / (2n * l)) / 10;
  } catch {
    return 0;
  }
}
