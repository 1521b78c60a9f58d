import type { KnownAtBlocks } from './knownAtBlocks';
import { BlockRanges, edgeOfKept, UNKEPT, type Kept } from './unkeptState';

/**
 * Where an address's state changed, from its state alone: the state at a block is read as one string (its storage
 * root, balance, nonce and code hash from `eth_getProof`, or its balance alone), and wherever the states at the two
 * ends of an interval agree, no change within it is assumed; where they differ, the interval is split at its middle
 * until the block of each change is found. Both halves go on in parallel, so the reads of one level leave in the same
 * tick (a batching client sends them as one batch). States already known split an interval first, without a read: a
 * second visit, whatever its head, asks only about blocks it has not seen.
 *
 * What this cannot see: a change undone within an interval whose ends agree (a value set and set back), and a call
 * that changed nothing (a view, a failed call, a call to a contract that keeps no state of its own).
 */

/**
 * The blocks in (`from`, `to`] at whose end the state differs from the block before, oldest first, reading states
 * with `stateAt` where `known` has none (each read is added to `known`; `from` and `to` must be known or are read).
 * Where `stateAt` answers UNKEPT (the node keeps no state of the block), the run of such blocks is bounded by
 * bisection (see unkeptState.ts) and added to `unkept`; changes inside it are not found. `to` must be kept (the head).
 * `onRead` hears each read and each change found. Throws what `stateAt` throws.
 */
export async function locateStateChanges(
  from: bigint,
  to: bigint,
  known: KnownAtBlocks<string>,
  stateAt: (block: bigint) => Promise<Kept<string>>,
  onProgress?: (found: { reads: number; changes: number }) => void,
  unkept: BlockRanges = new BlockRanges(),
): Promise<bigint[]> {
  const changes: bigint[] = [];
  let reads = 0;
  const refused = new Set<bigint>();
  const read = async (block: bigint): Promise<Kept<string>> => {
    const cached = known.get(block);
    if (cached !== undefined) return cached;
    if (refused.has(block)) return UNKEPT;
    const state = await stateAt(block);
    reads += 1;
    if (state === UNKEPT) refused.add(block);
    else known.set(block, state);
    onProgress?.({ reads, changes: changes.length });
    return state;
  };
  const keptAt = async (block: bigint) => (await read(block)) as string;
  const search = async (low: bigint, lowState: string, high: bigint, highState: string): Promise<void> => {
    if (lowState === highState) return;
    if (high - low === 1n) {
      changes.push(high);
      onProgress?.({ reads, changes: changes.length });
      return;
    }
    const split = known.between(low, high) ?? (low + high) / 2n;
    const state = await read(split);
    if (state === UNKEPT) {
      const [last, first] = await Promise.all([edgeOfKept(low, split, read), edgeOfKept(high, split, read)]);
      unkept.add(last + 1n, first - 1n);
      await Promise.all([search(low, lowState, last, await keptAt(last)), search(first, await keptAt(first), high, highState)]);
      return;
    }
    await Promise.all([search(low, lowState, split, state), search(split, state, high, highState)]);
  };
  if (to <= from) return [];
  const [fromState, toState] = await Promise.all([read(from), read(to)]);
  if (toState === UNKEPT) throw new Error(`the node keeps no state of block ${to.toString(10)}, where the search ends`);
  if (fromState === UNKEPT) {
    const first = await edgeOfKept(to, from, read);
    unkept.add(from, first - 1n);
    await search(first, await keptAt(first), to, toState);
  } else await search(from, fromState, to, toState);
  return changes.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
