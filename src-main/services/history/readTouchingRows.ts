import type { CallerRow } from '../../../src-shared/api/callers';
import type { TransactionRow } from '../../../src-shared/api/explorer';
import { internalTouch, MAX_TRACED_PER_BLOCK, type TouchFrame } from './internalTouches';

interface NodeTransaction {
  hash: string;
  from: string;
  to: string | null;
  value: string;
  input?: string;
}

interface NodeReceipt {
  status?: string;
  contractAddress?: string | null;
  gasUsed?: string;
  effectiveGasPrice?: string;
  blobGasUsed?: string;
  blobGasPrice?: string;
}

/** What one block is read for. */
export interface TouchingBlock {
  address: string;
  block: bigint;
  isContract: boolean;
  /** The transaction that deployed the contract, when this is its creation block; `find`: the one of the block's deployments whose receipt names it. */
  deployment: string | null | 'find';
  /** The transactions whose receipts hold logs from the address, in this block. */
  logHashes: ReadonlySet<string>;
  /** Logs from the address per transaction hash. */
  logsPer: ReadonlyMap<string, number>;
  /** The address's balance after the block minus before it (wei); null where the two ends were not read. */
  balanceChange: bigint | null;
  /** Whether its state changed in this block (else only its logs brought the block here). */
  changed: boolean;
}

/**
 * The transactions of one block that touched `address`: for a contract, those sent to it (`called`), the one that
 * deployed it (`created`), and those whose receipts hold its logs (`emitted`); for an account, those that sent it
 * value (`received`). Where its state changed and no transaction explains it on its face (a call or a transfer
 * inside another transaction), one `internal` row for the block; for an account, one where its balance gained more
 * than its transactions account for (what it sent and paid in fees added back, what it was sent taken off). Such a
 * change is named where the block's call trees can be read (`callTree`, a few transactions per block): each
 * transaction whose calls reached it, as `internal`. The block and the chosen receipts leave in one batch (`ask` is
 * the batching client's).
 */
export async function readTouchingRows(
  deps: {
    ask: <T>(method: string, params: unknown[]) => Promise<T>;
    methodLabel: (to: string | null, input: string) => Promise<TransactionRow['method']>;
    /** A transaction's call tree, while the scan's budget of them lasts (null past it, or where none can be had). */
    callTree?: (hash: `0x${string}`, inBlock: number) => Promise<{ root: TouchFrame; trusted: boolean } | null>;
  },
  at: TouchingBlock,
): Promise<(CallerRow & { input: string | null })[]> {
  const me = at.address;
  const full = await deps.ask<{ timestamp: string; transactions: NodeTransaction[] } | null>('eth_getBlockByNumber', [`0x${at.block.toString(16)}`, true]);
  if (!full) return [];
  const transactions = full.transactions.filter((tx): tx is NodeTransaction => typeof tx === 'object' && tx !== null);
  const touchOf = (tx: NodeTransaction): CallerRow['touch'] | null => {
    const hash = tx.hash.toLowerCase();
    const to = tx.to?.toLowerCase() ?? null;
    if (!at.isContract) return to === me && tx.from.toLowerCase() !== me && BigInt(tx.value) > 0n ? 'received' : null;
    if (at.deployment === 'find' ? to === null : at.deployment !== null && hash === at.deployment.toLowerCase()) return 'created';
    if (to === me) return 'called';
    return at.logHashes.has(hash) ? 'emitted' : null;
  };
  const touching = transactions.map((tx) => ({ tx, touch: touchOf(tx) })).filter((entry): entry is { tx: NodeTransaction; touch: CallerRow['touch'] } => entry.touch !== null);
  // An account's own transactions, for what they cost it (value and fees), beside those that sent it value.
  const sent = at.isContract || at.balanceChange === null ? [] : transactions.filter((tx) => tx.from.toLowerCase() === me);
  const [touchingReceipts, sentReceipts] = await Promise.all([
    Promise.all(touching.map(({ tx }) => deps.ask<NodeReceipt | null>('eth_getTransactionReceipt', [tx.hash]))),
    Promise.all(sent.map((tx) => deps.ask<NodeReceipt | null>('eth_getTransactionReceipt', [tx.hash]))),
  ]);
  // Of the block's deployments, the one whose receipt names the address (the others made other contracts).
  const isOurs = (entry: { touch: CallerRow['touch'] }, i: number) => entry.touch !== 'created' || at.deployment !== 'find' || touchingReceipts[i]?.contractAddress?.toLowerCase() === me;
  const picked = touching.filter(isOurs);
  const receipts = touchingReceipts.filter((_, i) => isOurs(touching[i]!, i));
  const rows: (CallerRow & { input: string | null })[] = await Promise.all(
    picked.map(async ({ tx, touch }, i) => {
      const input = typeof tx.input === 'string' ? tx.input : '0x';
      const status = receipts[i]?.status;
      return {
        id: tx.hash.toLowerCase(),
        transactionHash: tx.hash.toLowerCase(),
        blockNumber: `0x${at.block.toString(16)}`,
        timestamp: full.timestamp,
        touch,
        from: tx.from.toLowerCase(),
        to: tx.to?.toLowerCase() ?? null,
        method: await deps.methodLabel(tx.to, input),
        value: BigInt(tx.value).toString(10),
        status: status === undefined ? 'pending' : BigInt(status) === 1n ? 'success' : 'failed',
        logs: at.logsPer.get(tx.hash.toLowerCase()) ?? 0,
        input,
      };
    }),
  );
  // A contract's change is unexplained where no row names it (its creation block included, where a factory made it);
  // an account's where its balance rose more than its own transactions account for.
  if (at.changed && (at.isContract || at.balanceChange !== null)) {
    const feeOf = (receipt: NodeReceipt | null) =>
      receipt ? BigInt(receipt.gasUsed ?? '0x0') * BigInt(receipt.effectiveGasPrice ?? '0x0') + BigInt(receipt.blobGasUsed ?? '0x0') * BigInt(receipt.blobGasPrice ?? '0x0') : 0n;
    const succeeded = (receipt: NodeReceipt | null | undefined) => receipt?.status !== undefined && BigInt(receipt.status) === 1n;
    // A failed transaction moved no value, but its fee was paid.
    const spent = sent.reduce((sum, tx, i) => sum + (succeeded(sentReceipts[i]) ? BigInt(tx.value) : 0n) + feeOf(sentReceipts[i] ?? null), 0n);
    // What was sent to it directly: by others (the picked rows), and by itself (its value, spent above, comes back).
    const fromOthers = picked.reduce((sum, { tx }, i) => sum + (tx.to?.toLowerCase() === me && tx.from.toLowerCase() !== me && succeeded(receipts[i]) ? BigInt(tx.value) : 0n), 0n);
    const fromItself = sent.reduce((sum, tx, i) => sum + (tx.to?.toLowerCase() === me && succeeded(sentReceipts[i]) ? BigInt(tx.value) : 0n), 0n);
    const received = fromOthers + fromItself;
    const gained = at.balanceChange === null ? 0n : at.balanceChange + spent - received;
    const unexplained = at.isContract ? rows.length === 0 : gained > 0n;
    const named = unexplained ? await namedInternally(deps, at, full.timestamp, transactions) : [];
    rows.push(...named);
    if (unexplained && named.length === 0) {
      rows.push({
        id: `block:${at.block.toString(10)}`,
        transactionHash: null,
        blockNumber: `0x${at.block.toString(16)}`,
        timestamp: full.timestamp,
        touch: 'internal',
        from: null,
        to: me,
        method: null,
        value: (gained > 0n ? gained : 0n).toString(10),
        status: null,
        logs: 0,
        input: null,
      });
    }
  }
  return rows;
}

/**
 * The transactions of a block whose call trees reach the address (an internal call, or for an account an internal
 * transfer of value): read one after another (a replay re-runs the block up to each), only for a block of a few
 * transactions; none where no call tree can be had or a replay did not match its receipt.
 */
async function namedInternally(
  deps: Parameters<typeof readTouchingRows>[0],
  at: TouchingBlock,
  timestamp: string,
  transactions: NodeTransaction[],
): Promise<(CallerRow & { input: string | null })[]> {
  if (!deps.callTree || transactions.length > MAX_TRACED_PER_BLOCK) return [];
  const rows: (CallerRow & { input: string | null })[] = [];
  for (const tx of transactions) {
    const tree = await deps.callTree(tx.hash as `0x${string}`, transactions.length);
    if (!tree) return [];
    if (!tree.trusted) continue;
    const touch = internalTouch(tree.root, at.address);
    if (!touch.touched || (!at.isContract && touch.value === 0n)) continue;
    const input = typeof tx.input === 'string' ? tx.input : '0x';
    rows.push({
      id: tx.hash.toLowerCase(),
      transactionHash: tx.hash.toLowerCase(),
      blockNumber: `0x${at.block.toString(16)}`,
      timestamp,
      touch: 'internal',
      from: tx.from.toLowerCase(),
      to: tx.to?.toLowerCase() ?? null,
      method: await deps.methodLabel(tx.to, input),
      value: touch.value.toString(10),
      status: 'success',
      logs: 0,
      input,
    });
  }
  return rows;
}
