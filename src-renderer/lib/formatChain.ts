import { formatUnits } from 'viem';

/** The units an ETH amount can be shown in. */
export type EthUnit = 'ETH' | 'gwei' | 'wei';

// The one short form of a hash or an address lives in src-shared (the main process writes it too); kept reachable
// here for the screens that import their formats from this file.
export { shortHex } from '../../src-shared/text/shortHex';

/** Groups the integer part of a decimal string: `1234567.5` → `1,234,567.5`. */
function group(decimal: string): string {
  const [whole = '0', fraction] = decimal.split('.');
  const negative = whole.startsWith('-');
  const digits = negative ? whole.slice(1) : whole;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** Cuts a decimal string to `digits` significant fraction digits (no rounding up: never shows more than there is). */
function trimFraction(decimal: string, digits: number): string {
  const [whole, fraction] = decimal.split('.');
  if (!fraction) return decimal;
  const cut = fraction.slice(0, digits).replace(/0+$/, '');
  return cut ? `${whole}.${cut}` : whole!;
}

/** A wei quantity (0x hex or decimal) in a unit, cut to `digits` fraction digits: `1.5 ETH`, `30.2 gwei`, `1,000 wei` (wei is exact). */
export function formatEth(wei: string | bigint, unit: EthUnit = 'ETH', digits = 6): string {
  let value: bigint;
  try {
    value = typeof wei === 'bigint' ? wei : BigInt(wei);
  } catch {
    return String(wei);
  }
  if (unit === 'wei') return `${group(value.toString(10))} wei`;
  const text = formatUnits(value, unit === 'ETH' ? 18 : 9);
  // A tiny amount is shown whole rather than as 0.
  const cut = trimFraction(text, digits);
  const shown = cut === '0' && value !== 0n ? text : cut;
  return `${group(shown)} ${unit}`;
}

/** A token amount in its units (`1,250.5 GLS`), or its raw integer when the decimals are unknown. */
export function formatTokenAmount(amount: string, decimals: number | null, symbol: string | null): string {
  try {
    const value = BigInt(amount);
    const text = decimals === null ? value.toString(10) : trimFraction(formatUnits(value, decimals), 6);
    return `${group(text)}${symbol ? ` ${symbol}` : decimals === null ? ' (raw units)' : ''}`;
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

/** A percentage with one decimal: used of limit. */
export function percentOf(used: string, limit: string): number {
  try {
    const l = BigInt(limit);
    return l === 0n ? 0 : Number((BigInt(used) * 1000n) / l) / 10;
  } catch {
    return 0;
  }
}
