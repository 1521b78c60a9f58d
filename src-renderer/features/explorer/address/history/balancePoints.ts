import { formatUnits } from 'viem';
import type uPlot from 'uplot';
import type { BalanceHistoryView } from '../../../../../src-shared/api/history';

/**
 * The balance chart's points, by block: each reading, and each change as its balance before (the block before it) and
 * after. A run of blocks the node keeps no state of is a gap in the line (null at its first and last block), not a
 * step: what the balance did there is not known.
 */
export function balancePoints(view: Pick<BalanceHistoryView, 'samples' | 'changes' | 'notKept'>): uPlot.AlignedData {
  const byBlock = new Map<number, number | null>();
  for (const run of view.notKept) {
    byBlock.set(Number(BigInt(run.from)), null);
    byBlock.set(Number(BigInt(run.to)), null);
  }
  for (const sample of view.samples) byBlock.set(Number(BigInt(sample.block)), Number(formatUnits(BigInt(sample.balance), 18)));
  for (const change of view.changes) {
    byBlock.set(Number(BigInt(change.block)) - 1, Number(formatUnits(BigInt(change.before), 18)));
    byBlock.set(Number(BigInt(change.block)), Number(formatUnits(BigInt(change.after), 18)));
  }
  const blocks = [...byBlock.keys()].sort((a, b) => a - b);
  return [blocks, blocks.map((block) => byBlock.get(block)!)];
}
