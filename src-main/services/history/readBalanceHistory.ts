import { MAX_BALANCE_CHANGES, type BalanceChange, type BalanceHistoryView } from '../../../src-shared/api/history';
import type { BlockReader } from '../chains/blockReader';

/**
 * An address's ETH balance over time, from the node alone: `eth_getBalance` at `samples` blocks spread from block 0
 * to the head (read together), then, between two samples that differ, every block where the balance changed, by
 * bisection (a half is looked into only when its ends differ, so a change that returned to the same value between
 * two reads is not seen). Each change lists the transactions of its block from or to the address (the explorer's
 * rows, cached); none means it changed inside a call. At most `MAX_BALANCE_CHANGES` changes, the newest kept.
 * Given what an earlier visit `kept`, only the blocks after it are read; `keep` is what this one leaves for the next
 * (everything up to `finalized`, which is always read), or undefined when nothing at or below it was read.
 */
export async function readBalanceHistory(
  deps: { explorer: Pick<BlockReader, 'rowsOf'> },
  networkId: string,
  address: string,
  head: bigint,
  balanceAt: (block: bigint) => Promise<bigint>,
  samples: number,
  signal: AbortSignal,
  kept?: KeptBalanceHistory,
  finalized = -1n,
): Promise<{ view: BalanceHistoryView; keep: KeptBalanceHistory | undefined }> {
  const known = new Map<bigint, Promise<bigint>>();
  let requests = 0;
  const at = (block: bigint) => {
    let balance = known.get(block);
    if (!balance) {
      requests += 1;
      balance = balanceAt(block);
      known.set(block, balance);
    }
    return balance;
  };
  // What a visit kept (readings and changes up to a finalized block) is taken as read: only the blocks after it are
  // sampled and searched. A kept history past the head (a replaced chain) is not used.
  const from = kept && kept.coveredTo <= head ? kept.coveredTo : 0n;
  const before = kept && from === kept.coveredTo ? kept : undefined;
  for (const sample of before?.samples ?? []) known.set(BigInt(sample.block), Promise.resolve(BigInt(sample.balance)));
  const span = head - from;
  const count = BigInt(Math.max(2, Math.min(samples, Number(span) + 1)));
  const spread = Array.from({ length: Number(count) }, (_, i) => from + (span * BigInt(i)) / (count - 1n));
  // The finalized block is always read: the next visit starts from it.
  const sampled = [...new Set([...spread, ...(finalized > from && finalized < head ? [finalized] : [])])].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const sampleBalances = await Promise.all(sampled.map(at));

  // Every block in (low, high] whose balance differs from its parent's, where balance(low) ≠ balance(high).
  const changeBlocks: bigint[] = [];
  const search = async (low: bigint, high: bigint): Promise<void> => {
    signal.throwIfAborted();
    if (high - low === 1n) {
      changeBlocks.push(high);
      return;
    }
    const mid = (low + high) / 2n;
    const [lowBalance, midBalance, highBalance] = await Promise.all([at(low), at(mid), at(high)]);
    await Promise.all([lowBalance !== midBalance ? search(low, mid) : undefined, midBalance !== highBalance ? search(mid, high) : undefined]);
  };
  // Newest intervals first: when the list is cut, it keeps the most recent changes.
  let cut = false;
  for (let i = sampled.length - 1; i > 0; i--) {
    if (sampleBalances[i] === sampleBalances[i - 1]) continue;
    if (changeBlocks.length >= MAX_BALANCE_CHANGES) {
      cut = true;
      break;
    }
    await search(sampled[i - 1]!, sampled[i]!);
  }
  const keptBefore = before?.changes.length ?? 0;
  const truncated = cut || changeBlocks.length > MAX_BALANCE_CHANGES || (before?.truncated ?? false) || (changeBlocks.length > 0 && changeBlocks.length + keptBefore > MAX_BALANCE_CHANGES);
  const found = [...new Set(changeBlocks)].sort((a, b) => (a < b ? 1 : -1)).slice(0, MAX_BALANCE_CHANGES).reverse();

  const me = address.toLowerCase();
  const fresh: BalanceChange[] = await Promise.all(
    found.map(async (block) => {
      const [before, after, read] = await Promise.all([at(block - 1n), at(block), deps.explorer.rowsOf(networkId, block, address, signal)]);
      const transactions = (read?.rows ?? [])
        .map((tx) => ({ hash: tx.hash, value: BigInt(tx.value).toString(10), direction: (tx.from.toLowerCase() === me ? (tx.to?.toLowerCase() === me ? 'self' : 'out') : 'in') as BalanceChange['transactions'][number]['direction'] }));
      return { block: `0x${block.toString(16)}`, ...(read?.timestamp && read.timestamp !== '0x0' ? { timestamp: read.timestamp } : {}), before: before.toString(10), after: after.toString(10), transactions };
    }),
  );
  const changes = [...(before?.changes ?? []), ...fresh].slice(-MAX_BALANCE_CHANGES);
  const samplesNow = [
    ...(before?.samples ?? []).filter((sample) => BigInt(sample.block) < from),
    ...sampled.map((block, i) => ({ block: `0x${block.toString(16)}`, balance: sampleBalances[i]!.toString(10) })),
  ];
  const view: BalanceHistoryView = { address, head: `0x${head.toString(16)}`, samples: samplesNow, changes, truncated, requests, keptUpTo: before ? `0x${from.toString(16)}` : null };
  // What the next visit may take as read: everything at or below the finalized block (a reading at it included).
  const keep =
    finalized >= from && known.has(finalized) && finalized <= head
      ? {
          coveredTo: finalized,
          samples: samplesNow.filter((sample) => BigInt(sample.block) <= finalized),
          changes: changes.filter((change) => BigInt(change.block) <= finalized),
          truncated,
        }
      : undefined;
  return { view, keep };
}

/** A balance history kept up to a finalized block (`coveredTo`): its readings (one at that block among them) and changes. */
export interface KeptBalanceHistory {
  coveredTo: bigint;
  samples: BalanceHistoryView['samples'];
  changes: BalanceChange[];
  truncated: boolean;
}

/** Whether a value read back from the store is a kept balance history as `readBalanceHistory` wrote it (coveredTo as a string). */
export function isStoredBalanceHistory(value: unknown): value is { samples: BalanceHistoryView['samples']; changes: BalanceChange[]; truncated: boolean } {
  const v = value as { samples?: unknown; changes?: unknown; truncated?: unknown } | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    Array.isArray(v.samples) &&
    v.samples.every((s: { block?: unknown; balance?: unknown }) => typeof s?.block === 'string' && /^0x[0-9a-f]+$/.test(s.block) && typeof s.balance === 'string' && /^[0-9]+$/.test(s.balance)) &&
    Array.isArray(v.changes) &&
    v.changes.every((c: { block?: unknown; before?: unknown; after?: unknown; transactions?: unknown }) => typeof c?.block === 'string' && /^0x[0-9a-f]+$/.test(c.block) && typeof c.before === 'string' && typeof c.after === 'string' && Array.isArray(c.transactions)) &&
    typeof v.truncated === 'boolean'
  );
}
