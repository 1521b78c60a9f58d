import pLimit, { type LimitFunction } from 'p-limit';

/**
 * Reads of state at past blocks (a balance, a nonce, a proof or code at block N) a network is sent at once from the
 * history screens, all of them together. A bisection asks a level's reads together (48 samples, then each level of
 * the halving), and several tabs and visits may bisect at once; a node computes or loads a past block's state for
 * each, and some keep what they load (Anvil's states read back from disk, Hardhat's and Ganache's caches): more at
 * once means more such states held at once. The rest wait their turn; those that leave together still batch.
 */
export const OLD_STATE_READS_AT_ONCE = 32;

/** A queue per network: `read` runs when fewer than `atOnce` reads of that network are in flight. */
export function createOldStateReads(atOnce = OLD_STATE_READS_AT_ONCE) {
  const queues = new Map<string, LimitFunction>();
  return <T>(networkId: string, read: () => Promise<T>): Promise<T> => {
    let queue = queues.get(networkId);
    if (!queue) queues.set(networkId, (queue = pLimit(atOnce)));
    return queue(read);
  };
}

/** What a history reader is handed: a network's queue of old-state reads. */
export type OldStateReads = ReturnType<typeof createOldStateReads>;
