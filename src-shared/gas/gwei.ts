import { formatGwei, parseGwei } from 'viem';

const DECIMAL = /^(0|[1-9][0-9]*)(\.[0-9]+)?$/;

/**
 * Wei to an exact gwei decimal string: no float on the way, trailing zeros trimmed
 * (`1552000000n` → `"1.552"`, `7n` → `"0.000000007"`). viem's formatGwei works on the digit string, so it is exact.
 */
export function weiToGwei(wei: bigint): string {
  if (wei < 0n) throw new RangeError(`a fee cannot be negative: ${wei} wei`);
  return formatGwei(wei);
}

/**
 * A gwei decimal string to wei; the exact inverse of weiToGwei. Hosted answers sometimes carry more
 * than nine decimals (sub-wei digits): those round half up to the nearest wei, as viem's parseGwei does.
 */
export function gweiToWei(gwei: string): bigint {
  if (!DECIMAL.test(gwei)) throw new SyntaxError(`not a non-negative gwei decimal: ${JSON.stringify(gwei.slice(0, 40))}`);
  return parseGwei(gwei);
}
