import { parseGwei } from 'viem';

/** The base fee the traffic steers towards: a geometric sine wave between two levels. */
export interface FeeWave {
  minWei: bigint;
  maxWei: bigint;
  periodSeconds: number;
}

/** Default wave: 2 to 20 gwei, a busy-ish mainnet range, over three minutes. */
export const DEFAULT_FEE_WAVE: FeeWave = { minWei: parseGwei('2'), maxWei: parseGwei('20'), periodSeconds: 180 };

/**
 * Target base fee `elapsedSeconds` into the wave. Geometric (the sine moves the logarithm) so
 * that the wave spends as long doubling at the bottom as at the top, like EIP-1559's own
 * multiplicative steps. Starts at the geometric middle, rising.
 */
export function targetBaseFee(elapsedSeconds: number, wave: FeeWave): bigint {
  const lo = Math.log(Number(wave.minWei));
  const hi = Math.log(Number(wave.maxWei));
  const phase = Math.sin((2 * Math.PI * elapsedSeconds) / wave.periodSeconds);
  return BigInt(Math.round(Math.exp((lo + hi) / 2 + ((hi - lo) / 2) * phase)));
}

/**
 * Fraction of the block gas limit the next block should use. EIP-1559 raises the base fee
 * after blocks above half the limit and lowers it after blocks below, so: base fee above the
 * target gives a light block (under 0.5), below gives a heavy one (over 0.5), in proportion to
 * how far off it is (a factor of two off is about full or empty).
 */
export function blockFill(baseFee: bigint, target: bigint): number {
  if (baseFee <= 0n) return MAX_FILL;
  const error = Math.log(Number(target) / Number(baseFee));
  return Math.min(MAX_FILL, Math.max(MIN_FILL, 0.5 + 0.65 * error));
}

// Never quite empty (the everyday mix is there anyway) nor full (the mix must still fit).
const MIN_FILL = 0.05;
const MAX_FILL = 0.9;
