import type { FeeHistoryBlock, GasFeeInput } from '../../../src-shared/gas/gasFeeInput';
import { LEVEL_BLOCKS } from '../../../src-shared/gas/gasFeeInput';
import { suggestGasFees } from '../../../src-shared/gas/suggestGasFees';
import type { FeeSuggestion } from '../../../src-shared/gas/feeSuggestion';
import type { WindowHead } from '../../../src-shared/gas/feeHistoryWindow';

/** A sample computed from the chain's fee history for a block no poll saw. */
export interface BackfilledSample {
  block: number;
  /** ms since the epoch. */
  ts: number;
  baseFeeWei: bigint;
  suggestion: FeeSuggestion;
}

/** What a backfill needs: the fee-history window, block timestamps, the blocks already stored, and where to put the rest. */
export interface BackfillDeps {
  window(): Promise<{ input: GasFeeInput; head: WindowHead }>;
  /** A block's timestamp in seconds (undefined when the node does not have the block). */
  timestampOf(block: number): Promise<number | undefined>;
  storedBlocks(from: number, to: number): Set<number>;
  store(samples: readonly BackfilledSample[]): void;
  /** Samples older than this (ms since the epoch) are not made: they would be pruned. */
  oldestMs: number;
  signal: AbortSignal;
}

/** Blocks between two timestamp reads; the times between are interpolated. */
export const ANCHOR_STRIDE = 32;
/** Blocks computed between two yields to the event loop (main must stay responsive). */
const CHUNK = 100;

/**
 * Gives the stored history the blocks no poll saw (the app was closed, or nobody watched): for each block of the
 * fee-history window (the node's last ~2,000) without a sample, the levels the estimator gives at that block (the
 * window up to it, the next block's base fee), stored as a local estimate. Timestamps are read every 32 blocks
 * and interpolated between; a stretch whose blocks are far slower than the rest (a gap in the chain's time, such
 * as the sandbox's seeded history) is left out rather than guessed. Returns how many samples were stored.
 */
export async function backfillSamples(deps: BackfillDeps): Promise<number> {
  const { input, head } = await deps.window();
  const blocks = input.blocks;
  const headNumber = Number(head.number);
  // The newest block is the poll's own sample; the first few lack the blocks the levels are taken over.
  const candidates = blocks.slice(LEVEL_BLOCKS - 1, -1).map((block) => Number(block.number));
  if (candidates.length === 0) return 0;
  const stored = deps.storedBlocks(candidates[0]!, candidates.at(-1)!);
  const missing = candidates.filter((block) => !stored.has(block));
  if (missing.length === 0) return 0;

  const times = await anchorTimes(missing[0]!, headNumber, head.timestamp, deps.timestampOf);
  const timeOf = interpolator(times);
  const index = new Map(blocks.map((block, at) => [Number(block.number), at]));
  const made: BackfilledSample[] = [];
  for (let start = 0; start < missing.length && !deps.signal.aborted; start += CHUNK) {
    for (const number of missing.slice(start, start + CHUNK)) {
      const at = index.get(number)!;
      const next: FeeHistoryBlock | undefined = blocks[at + 1];
      if (!next || Number(next.number) !== number + 1) continue;
      const seconds = timeOf(number);
      if (seconds === undefined || seconds * 1000 < deps.oldestMs) continue;
      const suggestion = suggestGasFees({ blocks: blocks.slice(0, at + 1), nextBaseFeePerGas: next.baseFeePerGas });
      made.push({ block: number, ts: seconds * 1000, baseFeeWei: blocks[at]!.baseFeePerGas, suggestion });
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (deps.signal.aborted || made.length === 0) return 0;
  deps.store(made);
  return made.length;
}

/** Timestamps of every ANCHOR_STRIDE-th block from `from` to the head (the head's is known). */
async function anchorTimes(from: number, head: number, headTime: number, timestampOf: (block: number) => Promise<number | undefined>): Promise<Map<number, number>> {
  const numbers: number[] = [];
  for (let block = from; block < head; block += ANCHOR_STRIDE) numbers.push(block);
  const read = await Promise.all(numbers.map((block) => timestampOf(block)));
  const times = new Map<number, number>();
  numbers.forEach((block, at) => {
    if (read[at] !== undefined) times.set(block, read[at]!);
  });
  times.set(head, headTime);
  return times;
}

/**
 * Linear interpolation between anchors. A segment whose seconds per block exceed three times the median of all
 * segments (plus a second) holds a jump in time: its inner blocks get no time.
 */
export function interpolator(anchors: Map<number, number>): (block: number) => number | undefined {
  const points = [...anchors.entries()].sort((a, b) => a[0] - b[0]);
  const rates = points.slice(1).map(([block, time], at) => (time - points[at]![1]) / (block - points[at]![0]));
  const sorted = [...rates].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  return (block) => {
    const exact = anchors.get(block);
    if (exact !== undefined) return exact;
    const after = points.findIndex(([number]) => number > block);
    if (after <= 0) return undefined;
    const [fromBlock, fromTime] = points[after - 1]!;
    const rate = rates[after - 1]!;
    if (rate < 0 || rate > median * 3 + 1) return undefined;
    return Math.round(fromTime + rate * (block - fromBlock));
  };
}
