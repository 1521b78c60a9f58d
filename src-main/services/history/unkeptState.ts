import { walkCauses } from '../errors/blockglassError';
import { isNodeFailure } from '../rpc/nodeError';

// A node keeps the state of some blocks only: a full node (geth, Reth, Nethermind) its latest 128 or so, the Local
// sandbox its seeded blocks and its latest ones. The history bisections read what it keeps and say what it does not:
// a read the node refuses for want of the block's state is UNKEPT, not a failure of the whole history; where one
// falls inside an interval, the edges of the run of blocks it does not keep are found by bisection (a node keeps
// a contiguous run: it prunes from the oldest), and those blocks are reported as a range.

/** The answer of a read at a block whose state the node does not keep. */
export const UNKEPT = Symbol('the node keeps no state of this block');
export type Kept<T> = T | typeof UNKEPT;

/** Whether the node refused a read because it keeps no state of the block (`statePruned` in `rpc/nodeFailures.ts`). */
export function isStatePruned(error: unknown): boolean {
  return walkCauses(error, (cause) => isNodeFailure(cause, 'statePruned')) !== null;
}

/** `read`, answering UNKEPT where the node refuses the block for want of its state; any other failure is thrown. */
export function orUnkept<T>(read: (block: bigint) => Promise<T>): (block: bigint) => Promise<Kept<T>> {
  return async (block) => {
    try {
      return await read(block);
    } catch (error) {
      if (isStatePruned(error)) return UNKEPT;
      throw error;
    }
  };
}

/**
 * The kept block nearest `unkept`, on the side of `kept` (a block the node keeps), by bisection between the two: the
 * last kept block before a run it does not keep (kept < unkept), or the first after one (kept > unkept).
 */
export async function edgeOfKept<T>(kept: bigint, unkept: bigint, read: (block: bigint) => Promise<Kept<T>>, signal?: AbortSignal): Promise<bigint> {
  let inside = kept;
  let outside = unkept;
  while (inside - outside > 1n || outside - inside > 1n) {
    signal?.throwIfAborted();
    const middle = (inside + outside) / 2n;
    if ((await read(middle)) === UNKEPT) outside = middle;
    else inside = middle;
  }
  return inside;
}

/** Inclusive ranges of blocks, merged where they touch or overlap; listed oldest first. */
export class BlockRanges {
  private ranges: { from: bigint; to: bigint }[] = [];

  add(from: bigint, to: bigint): void {
    if (to < from) return;
    const all = [...this.ranges, { from, to }].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
    const merged: { from: bigint; to: bigint }[] = [];
    for (const range of all) {
      const last = merged.at(-1);
      if (last && range.from <= last.to + 1n) last.to = range.to > last.to ? range.to : last.to;
      else merged.push({ ...range });
    }
    this.ranges = merged;
  }

  list(): { from: bigint; to: bigint }[] {
    return this.ranges.map((range) => ({ ...range }));
  }

  /** Whether `block` lies in one of the ranges. */
  has(block: bigint): boolean {
    return this.ranges.some((range) => range.from <= block && block <= range.to);
  }
}
