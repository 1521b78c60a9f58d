import type { RawNodeLog } from '../chains/rawNodeLog';

/** Blocks read again at each new head when polling, so that a reorganisation this deep is seen. */
export const REORG_WINDOW = 12n;

const keyOf = (log: RawNodeLog) => `${log.blockHash}:${log.logIndex}`;
const blockOf = (log: RawNodeLog) => BigInt(log.blockNumber ?? '0x0');

/**
 * What a polling tail has seen in the latest blocks, to tell a reorganisation without a subscription: at each
 * new head the tail asks `eth_getLogs` over `range()` (the blocks since the last head, and the latest
 * REORG_WINDOW again), and `update` compares the answer with what it had seen there. Logs it had not seen are
 * new; logs it had seen that the node no longer has (their block was replaced) come back marked
 * `removed: true`, as a subscription sends them. Pure: it holds state, it asks nothing.
 */
export function createPollWindow(start: bigint) {
  const seen = new Map<string, RawNodeLog>();
  let last = start - 1n;
  return {
    /** The blocks to ask for at head `head`: from the first block not yet read, or REORG_WINDOW back, whichever is earlier (never before the start). */
    range(head: bigint): { from: bigint; to: bigint } {
      const back = head - REORG_WINDOW + 1n;
      const from = last + 1n < back ? last + 1n : back;
      return { from: from < start ? start : from, to: head };
    },
    /** The logs to emit for the node's answer over `range`: the removed ones first (in chain order), then the new ones. */
    update(range: { from: bigint; to: bigint }, answer: RawNodeLog[]): RawNodeLog[] {
      const present = new Set(answer.map(keyOf));
      const removed: RawNodeLog[] = [];
      for (const [key, log] of seen) {
        const block = blockOf(log);
        if (block >= range.from && block <= range.to && !present.has(key)) {
          removed.push({ ...log, removed: true });
          seen.delete(key);
        }
      }
      const fresh = answer.filter((log) => !seen.has(keyOf(log)) && !log.removed);
      for (const log of fresh) seen.set(keyOf(log), log);
      // Forget what is below the window: it is not read again.
      for (const [key, log] of seen) if (blockOf(log) <= range.to - REORG_WINDOW) seen.delete(key);
      if (range.to > last) last = range.to;
      return [...removed, ...fresh];
    },
  };
}
