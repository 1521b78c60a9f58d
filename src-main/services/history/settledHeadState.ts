import { UNKEPT, type Kept } from './unkeptState';

/**
 * The head's state (a proof's fields as one string, a balance, a nonce count) read again once the chain has moved
 * past the head, where it differs from the first read of it (`first`); null where it agrees, or where the chain has
 * not moved.
 *
 * A node that mines on a timer may answer a read of state at its head's number, made while it mines the next block,
 * with that block's state: Anvil writes a block's state before its block number moves (a probe on Anvil with a block
 * a second and a transfer to one address every 300 ms saw it in 2 of 34,701 reads at the head). A bisection that
 * trusted that read would find a change in the head block that is not there. A read below the head is exact, so once
 * `blockNumber` is past `head` the head is read again. Where it is not, no block has been mined since the first read:
 * that read raced no mining (a mining under way then, a few milliseconds, would have ended by now).
 */
export async function settledHeadState<T extends string | number | bigint>(
  head: bigint,
  first: T,
  blockNumber: () => Promise<bigint>,
  stateAt: (block: bigint) => Promise<Kept<T>>,
): Promise<T | null> {
  if ((await blockNumber()) <= head) return null;
  const again = await stateAt(head);
  return again === UNKEPT || again === first ? null : again;
}
