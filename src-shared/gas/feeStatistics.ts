import type { FeeTrend } from './feeSuggestion';

const ascending = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);

/** Lower median: the element at index floor((n - 1) / 2) of the sorted values, as the published algorithm takes it; 0 for none. */
export function lowerMedian(values: readonly bigint[]): bigint {
  if (values.length === 0) return 0n;
  const sorted = [...values].sort(ascending);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** Smallest value, or undefined for none. */
export function minOf(values: Iterable<bigint>): bigint | undefined {
  let min: bigint | undefined;
  for (const value of values) if (min === undefined || value < min) min = value;
  return min;
}

/** Largest value, or undefined for none. */
export function maxOf(values: Iterable<bigint>): bigint | undefined {
  let max: bigint | undefined;
  for (const value of values) if (max === undefined || value > max) max = value;
  return max;
}

/** `up` when `current` is above `previous`, `down` when below, `level` when equal. */
export function trendOf(previous: bigint, current: bigint): FeeTrend {
  return current > previous ? 'up' : current < previous ? 'down' : 'level';
}

/**
 * Where `latest` ranks among `window` (which contains it): the index of the first value >= latest in the
 * sorted window, divided by (n - 1). 0 means the cheapest of the window, 1 the dearest; a one-block window is 0.
 */
export function congestionRank(window: readonly bigint[], latest: bigint): number {
  if (window.length <= 1) return 0;
  let below = 0;
  for (const value of window) if (value < latest) below += 1; // = index of the first value >= latest once sorted
  return Math.min(below, window.length - 1) / (window.length - 1);
}
