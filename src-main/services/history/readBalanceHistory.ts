import { numberToHex } from 'viem';
import { MAX_BALANCE_CHANGES, type BalanceChange, type BalanceHistoryView, type NotKeptBalance } from '../../../src-shared/api/history';
import type { BlockReader } from '../chains/blockReader';
import { BlockRanges, edgeOfKept, orUnkept, UNKEPT, type Kept } from './unkeptState';

/**
 * An address's ETH balance over time, from the node alone: `eth_getBalance` at `samples` blocks spread from block 0
 * to the head (read together), then, between two samples that differ, every block where the balance changed, by
 * bisection (a half is looked into only when its ends differ, so a change that returned to the same value between
 * two reads is not seen). Each change lists the transactions of its block from or to the address (the explorer's
 * rows, cached); none means it changed inside a call. At most `MAX_BALANCE_CHANGES` changes, the newest kept.
 * Where the node keeps no state of a block (a full node's pruned past, the Local sandbox's blocks between its seeded
 * ones and its latest), the run of such blocks is bounded by bisection and reported in `notKept`, with the balance on
 * either side; the rest is read as usual. Given what an earlier visit `kept`, only the blocks after it are read; `keep` is what this one leaves for the next
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
  const known = new Map<bigint, Promise<Kept<bigint>>>();
  /** Readings resolved, by block: a balance, or UNKEPT where the node keeps no state of the block. */
  const read = new Map<bigint, Kept<bigint>>();
  const orNot = orUnkept(balanceAt);
  let requests = 0;
  const at = (block: bigint) => {
    let balance = known.get(block);
    if (!balance) {
      requests += 1;
      balance = orNot(block).then((value) => (read.set(block, value), value));
      known.set(block, balance);
    }
    return balance;
  };
  // What a visit kept (readings and changes up to a finalized block) is taken as read: only the blocks after it are
  // sampled and searched. A kept history past the head (a replaced chain) is not used.
  const from = kept && kept.coveredTo <= head ? kept.coveredTo : 0n;
  const before = kept && from === kept.coveredTo ? kept : undefined;
  for (const sample of before?.samples ?? []) {
    known.set(BigInt(sample.block), Promise.resolve(BigInt(sample.balance)));
    read.set(BigInt(sample.block), BigInt(sample.balance));
  }
  const span = head - from;
  const count = BigInt(Math.max(2, Math.min(samples, Number(span) + 1)));
  const spread = Array.from({ length: Number(count) }, (_, i) => from + (span * BigInt(i)) / (count - 1n));
  // The finalized block is always read: the next visit starts from it.
  const sampled = [...new Set([...spread, ...(finalized > from && finalized < head ? [finalized] : [])])].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const sampleBalances = await Promise.all(sampled.map(at));

  // Blocks whose state the node does not keep, found where a reading was refused (see unkeptState.ts).
  const unkept = new BlockRanges();
  const keptAt = async (block: bigint) => (await at(block)) as bigint;
  // Every block in (low, high] whose balance differs from its parent's, where balance(low) ≠ balance(high); where the
  // middle is not kept, the edges of the run around it, and the kept parts on either side.
  const changeBlocks: bigint[] = [];
  const search = async (low: bigint, lowBalance: bigint, high: bigint, highBalance: bigint): Promise<void> => {
    signal.throwIfAborted();
    if (lowBalance === highBalance) return;
    if (high - low === 1n) {
      changeBlocks.push(high);
      return;
    }
    const mid = (low + high) / 2n;
    const midBalance = await at(mid);
    if (midBalance === UNKEPT) {
      const [last, first] = await Promise.all([edgeOfKept(low, mid, at, signal), edgeOfKept(high, mid, at, signal)]);
      unkept.add(last + 1n, first - 1n);
      await Promise.all([search(low, lowBalance, last, await keptAt(last)), search(first, await keptAt(first), high, highBalance)]);
      return;
    }
    await Promise.all([search(low, lowBalance, mid, midBalance), search(mid, midBalance, high, highBalance)]);
  };
  // Two readings next to each other: searched when both are kept; else the run not kept is bounded first.
  const explore = async (low: bigint, lowBalance: Kept<bigint>, high: bigint, highBalance: Kept<bigint>): Promise<void> => {
    if (lowBalance !== UNKEPT && highBalance !== UNKEPT) return search(low, lowBalance, high, highBalance);
    // Two readings the node refused: no block between them is taken as kept (a node keeps one run, and prunes the oldest).
    if (lowBalance === UNKEPT && highBalance === UNKEPT) return unkept.add(low, high);
    if (lowBalance === UNKEPT) {
      const first = await edgeOfKept(high, low, at, signal);
      unkept.add(low, first - 1n);
      return search(first, await keptAt(first), high, highBalance as bigint);
    }
    const last = await edgeOfKept(low, high, at, signal);
    unkept.add(last + 1n, high);
    return search(low, lowBalance, last, await keptAt(last));
  };
  // Newest intervals first: when the list is cut, it keeps the most recent changes.
  let cut = false;
  for (let i = sampled.length - 1; i > 0; i--) {
    if (sampleBalances[i] !== UNKEPT && sampleBalances[i] === sampleBalances[i - 1]) continue;
    if (changeBlocks.length >= MAX_BALANCE_CHANGES) {
      cut = true;
      break;
    }
    await explore(sampled[i - 1]!, sampleBalances[i - 1]!, sampled[i]!, sampleBalances[i]!);
  }
  const keptBefore = before?.changes.length ?? 0;
  const truncated = cut || changeBlocks.length > MAX_BALANCE_CHANGES || (before?.truncated ?? false) || (changeBlocks.length > 0 && changeBlocks.length + keptBefore > MAX_BALANCE_CHANGES);
  const found = [...new Set(changeBlocks)].sort((a, b) => (a < b ? 1 : -1)).slice(0, MAX_BALANCE_CHANGES).reverse();

  const me = address.toLowerCase();
  const fresh: BalanceChange[] = await Promise.all(
    found.map(async (block) => {
      const [before, after, rows] = await Promise.all([keptAt(block - 1n), keptAt(block), deps.explorer.rowsOf(networkId, block, address, signal)]);
      const transactions = (rows?.rows ?? [])
        .map((tx) => ({ hash: tx.hash, value: BigInt(tx.value).toString(10), direction: (tx.from.toLowerCase() === me ? (tx.to?.toLowerCase() === me ? 'self' : 'out') : 'in') as BalanceChange['transactions'][number]['direction'] }));
      return { block: numberToHex(block), ...(rows?.timestamp && rows.timestamp !== '0x0' ? { timestamp: rows.timestamp } : {}), before: before.toString(10), after: after.toString(10), transactions };
    }),
  );
  // Each run of blocks not kept, with the balance on either side of it (read as its edges were found).
  const balanceOr = async (block: bigint) => (block < 0n ? null : ((value) => (value === UNKEPT ? null : value.toString(10)))(await at(block)));
  const notKeptNow: NotKeptBalance[] = await Promise.all(
    unkept.list().map(async (range) => ({ from: numberToHex(range.from), to: numberToHex(range.to), before: await balanceOr(range.from - 1n), after: range.to < head ? await balanceOr(range.to + 1n) : null })),
  );
  const notKept = [...(before?.notKept ?? []), ...notKeptNow];
  const changes = [...(before?.changes ?? []), ...fresh].slice(-MAX_BALANCE_CHANGES);
  const samplesNow = [
    ...(before?.samples ?? []).filter((sample) => BigInt(sample.block) < from),
    ...sampled.flatMap((block, i) => (sampleBalances[i] === UNKEPT ? [] : [{ block: numberToHex(block), balance: sampleBalances[i]!.toString(10) }])),
  ];
  const view: BalanceHistoryView = { address, head: numberToHex(head), samples: samplesNow, changes, notKept, truncated, requests, keptUpTo: before ? numberToHex(from) : null };
  // What the next visit may take as read: everything at or below the finalized block (a reading at it included).
  const atFinalized = read.get(finalized);
  const keep =
    finalized >= from && atFinalized !== undefined && atFinalized !== UNKEPT && finalized <= head
      ? {
          coveredTo: finalized,
          samples: samplesNow.filter((sample) => BigInt(sample.block) <= finalized),
          changes: changes.filter((change) => BigInt(change.block) <= finalized),
          notKept: notKept.filter((range) => BigInt(range.to) < finalized),
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
  /** Runs of blocks below it whose state the node did not keep (absent in a history kept by an earlier version). */
  notKept?: NotKeptBalance[];
  truncated: boolean;
}

/** Whether a value read back from the store is a kept balance history as `readBalanceHistory` wrote it (coveredTo as a string). */
export function isStoredBalanceHistory(value: unknown): value is { samples: BalanceHistoryView['samples']; changes: BalanceChange[]; notKept?: NotKeptBalance[]; truncated: boolean } {
  const v = value as { samples?: unknown; changes?: unknown; notKept?: unknown; truncated?: unknown } | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    Array.isArray(v.samples) &&
    v.samples.every((s: { block?: unknown; balance?: unknown }) => typeof s?.block === 'string' && /^0x[0-9a-f]+$/.test(s.block) && typeof s.balance === 'string' && /^[0-9]+$/.test(s.balance)) &&
    Array.isArray(v.changes) &&
    v.changes.every((c: { block?: unknown; before?: unknown; after?: unknown; transactions?: unknown }) => typeof c?.block === 'string' && /^0x[0-9a-f]+$/.test(c.block) && typeof c.before === 'string' && typeof c.after === 'string' && Array.isArray(c.transactions)) &&
    (v.notKept === undefined || (Array.isArray(v.notKept) && v.notKept.every((r: { from?: unknown; to?: unknown }) => typeof r?.from === 'string' && /^0x[0-9a-f]+$/.test(r.from) && typeof r.to === 'string' && /^0x[0-9a-f]+$/.test(r.to)))) &&
    typeof v.truncated === 'boolean'
  );
}
