import type { BlockFees } from './feeHistory';

/**
 * Blocks' fees by block hash, least recently used dropped first past `capacity`. A hash names one block forever
 * (a reorg gives new hashes), so nothing here goes stale; the bound only caps memory.
 */
export class BlockFeesCache {
  private readonly entries = new Map<string, BlockFees>();

  constructor(readonly capacity: number) {}

  /** The block's fees, marked as just used; undefined when not kept. */
  get(hash: string): BlockFees | undefined {
    const entry = this.entries.get(hash);
    if (entry !== undefined) {
      this.entries.delete(hash);
      this.entries.set(hash, entry);
    }
    return entry;
  }

  /** Keeps the block's fees (replacing what was kept for its hash), dropping the least recently used past the bound. */
  set(fees: BlockFees): void {
    this.entries.delete(fees.hash);
    this.entries.set(fees.hash, fees);
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }
}
