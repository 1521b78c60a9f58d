import { LOG_LIMITS, type LogPreflight } from './types';

// How many logs a query matches, guessed before it runs from a few sub-ranges the service answers:
// sampleRanges picks them, estimateFromSamples extrapolates their density over the blocks not sampled.

/** Sub-ranges a preflight asks for, unless told otherwise. */
export const SAMPLE_DEFAULTS = { samples: 8, width: 64 } as const;

/** A sub-range a service answered with its log count, or refused as over its result limit. */
export interface RangeSample {
  from: number;
  to: number;
  logs: number | 'over';
}

/**
 * Sub-ranges of [from, to] to count logs in: the whole range, in pieces of at most `width` blocks, when it
 * is no more than `samples × width` blocks (the count is then exact for the same number of requests);
 * otherwise `samples` ranges of `width` blocks spread evenly from the first block to the last, never
 * overlapping. In chain order; empty when the range is.
 */
export function sampleRanges(from: number, to: number, options: { samples?: number; width?: number } = {}): { from: number; to: number }[] {
  const samples = Math.max(1, Math.floor(options.samples ?? SAMPLE_DEFAULTS.samples));
  const width = Math.min(LOG_LIMITS.blocks, Math.max(1, Math.floor(options.width ?? SAMPLE_DEFAULTS.width)));
  const total = to - from + 1;
  if (!(total > 0)) return [];
  if (total <= samples * width) {
    // Even pieces: 130 blocks in width 64 are 44 + 43 + 43, not 64 + 64 + 2.
    const pieces = Math.ceil(total / width);
    return Array.from({ length: pieces }, (_, i) => ({ from: from + Math.floor((i * total) / pieces), to: from + Math.floor(((i + 1) * total) / pieces) - 1 }));
  }
  if (samples === 1) {
    const start = from + Math.floor((total - width) / 2);
    return [{ from: start, to: start + width - 1 }];
  }
  // Starts floor(i × step) apart with step > width (total > samples × width), so no two overlap.
  const step = (total - width) / (samples - 1);
  return Array.from({ length: samples }, (_, i) => {
    const start = from + Math.floor(i * step);
    return { from: start, to: start + width - 1 };
  });
}

/**
 * The number of logs [from, to] holds, from samples of it: the density seen, extrapolated over the blocks not
 * sampled (`logs`); `low` is what the samples saw, a floor; `high` assumes the unsampled blocks are as busy as
 * the busiest sample, or as the 95% upper bound of a Poisson count over all samples (`(k + 2√k + 3) / n`, the
 * rule of three when none was seen), whichever is busier: logs cluster, so this is a ceiling worth showing,
 * not a guarantee. `exact` when the samples cover the whole range and none was refused. A refused sample
 * counts as 10,001 logs (more than the limit) everywhere, so with `overLimitSomewhere` all three are floors of
 * a sort. Samples outside the range are clipped; one overlapping an earlier one is ignored. With nothing
 * sampled, nothing is known: all counts are 0 and the estimate is not exact.
 */
export function estimateFromSamples(from: number, to: number, samples: readonly RangeSample[]): LogPreflight['estimate'] {
  const total = Math.max(0, to - from + 1);
  const used: { blocks: number; logs: number }[] = [];
  let overLimitSomewhere = false;
  let end = from - 1;
  const sorted = samples
    .map((sample) => ({ ...sample, from: Math.max(from, sample.from), to: Math.min(to, sample.to) }))
    .filter((sample) => sample.from <= sample.to)
    .sort((a, b) => a.from - b.from);
  for (const sample of sorted) {
    if (sample.from <= end) continue;
    end = sample.to;
    const over = sample.logs === 'over';
    overLimitSomewhere ||= over;
    used.push({ blocks: sample.to - sample.from + 1, logs: over ? LOG_LIMITS.results + 1 : Math.max(0, Math.floor(sample.logs as number)) });
  }

  const sampledBlocks = used.reduce((sum, sample) => sum + sample.blocks, 0);
  const low = used.reduce((sum, sample) => sum + sample.logs, 0);
  const unsampled = total - sampledBlocks;
  if (sampledBlocks === 0) return { logs: 0, low: 0, high: 0, sampledBlocks: 0, exact: total === 0, overLimitSomewhere: false };
  if (unsampled === 0) return { logs: low, low, high: low, sampledBlocks, exact: !overLimitSomewhere, overLimitSomewhere };

  const density = low / sampledBlocks;
  const busiest = Math.max(...used.map((sample) => sample.logs / sample.blocks));
  const poissonHigh = (low + 2 * Math.sqrt(low) + 3) / sampledBlocks;
  const logs = low + Math.round(density * unsampled);
  const high = Math.max(logs, low + Math.ceil(Math.max(busiest, poissonHigh) * unsampled));
  return { logs, low, high, sampledBlocks, exact: false, overLimitSomewhere };
}
