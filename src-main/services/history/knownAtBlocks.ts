/**
 * What is known at blocks, sorted by block: what a bisection over the chain read before (an address's nonce count,
 * or its state as one string). Both bisections (locateNonces.ts, locateStateChanges.ts) split an interval at a block
 * already known before they read a new one, so a second visit asks only about the blocks it has not seen.
 */
export class KnownAtBlocks<V> {
  private readonly blocks: bigint[] = [];
  private readonly values = new Map<bigint, V>();

  constructor(points: Iterable<[bigint, V]> = []) {
    for (const [block, value] of points) this.set(block, value);
  }

  get(block: bigint): V | undefined {
    return this.values.get(block);
  }

  /** Keeps the first value set at a block: a block's past does not change. */
  set(block: bigint, value: V): void {
    if (this.values.has(block)) return;
    this.values.set(block, value);
    this.blocks.splice(this.insertionPoint(block), 0, block);
  }

  /** The known block strictly between `low` and `high` nearest their middle (the lower of two as near), if any. */
  between(low: bigint, high: bigint): bigint | undefined {
    const from = this.insertionPoint(low + 1n);
    const to = this.insertionPoint(high); // exclusive
    if (from >= to) return undefined;
    const middle = (low + high) / 2n;
    // The two candidates around the middle: the first at or above it and the one before.
    const at = Math.min(Math.max(this.insertionPoint(middle), from), to - 1);
    let best = this.blocks[at]!;
    if (at - 1 >= from) {
      const before = this.blocks[at - 1]!;
      if (middle - before <= distance(best, middle)) best = before;
    }
    return best;
  }

  /** Every known block and its value, oldest first. */
  entries(): [bigint, V][] {
    return this.blocks.map((block) => [block, this.values.get(block)!]);
  }

  private insertionPoint(block: bigint): number {
    let low = 0;
    let high = this.blocks.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.blocks[mid]! < block) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}

const distance = (a: bigint, b: bigint) => (a > b ? a - b : b - a);
