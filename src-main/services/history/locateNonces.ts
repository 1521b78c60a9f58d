import type { KnownAtBlocks } from './knownAtBlocks';
import { edgeOfKept, UNKEPT, type Kept } from './unkeptState';

/**
 * Where an address's transactions are, from its nonce alone: `eth_getTransactionCount` at a block only grows, so
 * the block of nonce k is the first block whose count exceeds k, found by bisection. Nonces are located together:
 * one read splits the whole set at a block, and the halves go on in parallel (their reads leave in the same tick,
 * so a batching client sends each level as one batch). Counts already known (read before, kept on this machine)
 * split an interval first, without a request; so a second visit, whatever the head has become, asks only about
 * the blocks it has not seen.
 */

/** Each located nonce's block, and the counts around it (the block before and the block itself). */
export interface Located {
  /** Nonce → the block holding the transaction with that nonce. */
  blocks: Map<number, bigint>;
  /** Block → the address's count before it (at the block before): the first nonce in that block. */
  firstNonce: Map<bigint, number>;
  /**
   * Nonces used in a run of blocks whose state the node does not keep, so their blocks cannot be told apart: each
   * with the blocks `from`..`to` they lie in (the run, and the first kept block after it), oldest first.
   */
  unplaced: { from: bigint; to: bigint; nonces: number[] }[];
}

/**
 * The block of each nonce in `wanted` (each below `headCount`, the count at `head`), reading counts with `countAt`
 * where `known` has none (every count read is added to `known`). Where `countAt` answers UNKEPT (the node keeps
 * no state of the block), the run of such blocks is bounded by bisection (see unkeptState.ts), and the nonces
 * inside it are `unplaced`. `onLocated` hears progress. Throws what `countAt` throws.
 */
export async function locateNonces(
  wanted: readonly number[],
  head: bigint,
  headCount: number,
  known: KnownAtBlocks<number>,
  countAt: (block: bigint) => Promise<Kept<number>>,
  onLocated?: (located: number) => void,
): Promise<Located> {
  const located: Located = { blocks: new Map(), firstNonce: new Map(), unplaced: [] };
  known.set(head, headCount);
  const unkept = new Set<bigint>();
  const read = async (block: bigint): Promise<Kept<number>> => {
    const cached = known.get(block);
    if (cached !== undefined) return cached;
    if (unkept.has(block)) return UNKEPT;
    const count = await countAt(block);
    if (count === UNKEPT) unkept.add(block);
    else known.set(block, count);
    return count;
  };
  const countAtKept = async (block: bigint, low: bigint, lowCount: number): Promise<number> => (block === low ? lowCount : (await read(block)) as number);
  // Invariant: count(low) = lowCount ≤ every nonce < highCount = count(high); block −1 is "before genesis", count 0.
  const search = async (low: bigint, lowCount: number, high: bigint, highCount: number, nonces: number[]): Promise<void> => {
    if (nonces.length === 0) return;
    if (high - low === 1n) {
      for (const nonce of nonces) located.blocks.set(nonce, high);
      located.firstNonce.set(high, lowCount);
      onLocated?.(located.blocks.size);
      return;
    }
    const split = known.between(low, high) ?? (low + high) / 2n;
    const count = await read(split);
    if (count === UNKEPT) {
      // The last kept block before the run and the first after it (block −1, before genesis, counts as kept).
      const [last, first] = await Promise.all([edgeOfKept(low, split, read), edgeOfKept(high, split, read)]);
      const [lastCount, firstCount] = await Promise.all([countAtKept(last, low, lowCount), countAtKept(first, high, highCount)]);
      const inside = nonces.filter((nonce) => nonce >= lastCount && nonce < firstCount);
      if (inside.length > 0) located.unplaced.push({ from: last + 1n, to: first, nonces: inside });
      await Promise.all([
        search(low, lowCount, last, lastCount, nonces.filter((nonce) => nonce < lastCount)),
        search(first, firstCount, high, highCount, nonces.filter((nonce) => nonce >= firstCount)),
      ]);
      return;
    }
    const left = nonces.filter((nonce) => nonce < count);
    const right = nonces.filter((nonce) => nonce >= count);
    await Promise.all([search(low, lowCount, split, count, left), search(split, count, high, highCount, right)]);
  };
  const nonces = [...new Set(wanted)].filter((nonce) => nonce >= 0 && nonce < headCount).sort((a, b) => a - b);
  await search(-1n, 0, head, headCount, nonces);
  located.unplaced.sort((a, b) => (a.from < b.from ? -1 : 1));
  return located;
}
