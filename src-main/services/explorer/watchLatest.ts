import type { BlockSummary, LatestView, RpcObject, TransactionRow } from '../../../src-shared/api/explorer';
import type { HealthEvent } from '../../../src-shared/api/networks';
import type { AbortSignalLike } from '../../../src-shared/api/types';
import type { FeedHub } from '../rpc/createFeedHub';
import type { RpcService } from '../rpc/createRpcService';
import type { Decoder } from '../decoding/createDecoder';
import { blockReceipts, lacksBlockReceipts } from './blockReceipts';
import { summarizeBlock, transactionRows } from './summarizeBlock';

/** Transactions the home page lists, newest first. */
const LATEST_TRANSACTIONS = 12;

export interface LatestDeps {
  rpc: Pick<RpcService, 'request'>;
  health: Pick<FeedHub<HealthEvent>, 'watch'>;
  decoder: Decoder;
  /** Called when a block at a height seen before has another hash now: the chain was replaced. */
  onReset: (networkId: string) => void;
  log?: (line: string) => void;
  /** The labels people gave addresses on the network. */
  labelsOf?: (networkId: string) => (address: string) => string | undefined;
}

/**
 * The home page's feed: at every head of the network's one health feed, the latest `count` blocks (the
 * missing ones read in one batch, so a dropped socket leaves no gap) and the newest transactions with their
 * outcome. When the head goes back below the first block the feed saw, or that block's hash changed, the
 * chain was replaced (a reset of the sandbox): `onReset` drops the network's cache and the next event says
 * `reset`. The first view goes out as soon as the blocks are read (`transactionsPending`): the page paints the
 * blocks while the receipts the transactions' outcomes need are read, and the next view has them.
 */
export async function watchLatest(deps: LatestDeps, networkId: string, count: number, emit: (view: LatestView) => void, signal: AbortSignalLike): Promise<void> {
  const blocks = new Map<bigint, RpcObject>(); // by number, the latest `count` (with full transactions)
  const receipts = new Map<string, RpcObject[]>(); // by block hash
  let reset = false;
  /** Nothing sent yet: the first view goes out with the blocks, before their receipts are read. */
  let first = true;
  let busy: Promise<void> = Promise.resolve();
  let wanted: bigint | undefined;
  const abort = new AbortController();
  signal.addEventListener?.('abort', () => abort.abort(), { once: true });

  // The first block this feed saw: when the head later falls below it, or its hash changes, the chain was replaced.
  let checkpoint: { number: bigint; hash: string } | undefined;
  const replaced = async (head: bigint) => {
    if (!checkpoint) return false;
    if (head < checkpoint.number) return true;
    const block = await deps.rpc.request<RpcObject | null>(networkId, 'eth_getBlockByNumber', [`0x${checkpoint.number.toString(16)}`, false], { signal: abort.signal });
    return block?.hash !== checkpoint.hash;
  };

  const refresh = async (head: bigint, wentBack: boolean): Promise<void> => {
    if (wentBack && (await replaced(head))) {
      reset = true;
      checkpoint = undefined;
      blocks.clear();
      receipts.clear();
      deps.onReset(networkId);
    }
    const from = head - BigInt(count) + 1n > 0n ? head - BigInt(count) + 1n : 0n;
    const numbers: bigint[] = [];
    for (let n = from; n <= head; n++) if (!blocks.has(n)) numbers.push(n);
    const fetched = await Promise.all(numbers.map((n) => deps.rpc.request<RpcObject | null>(networkId, 'eth_getBlockByNumber', [`0x${n.toString(16)}`, true], { signal: abort.signal })));
    fetched.forEach((block, i) => block && blocks.set(numbers[i]!, block));
    const lowest = blocks.get(from);
    if (!checkpoint && lowest && typeof lowest.hash === 'string') checkpoint = { number: from, hash: lowest.hash };
    for (const n of [...blocks.keys()]) if (n < from || n > head) blocks.delete(n);

    const ordered = [...blocks.entries()].sort((a, b) => (a[0] < b[0] ? 1 : -1)).map(([, block]) => block);
    const summaries: BlockSummary[] = ordered.map(summarizeBlock);
    // The newest blocks that hold the listed transactions: their receipts (failed badges need them) are read at
    // once, not block after block. Where the node has no eth_getBlockReceipts (Hardhat), one receipt per transaction.
    const listed: RpcObject[] = [];
    let held = 0;
    for (const block of ordered) {
      if (held >= LATEST_TRANSACTIONS) break;
      listed.push(block);
      held += Array.isArray(block.transactions) ? block.transactions.length : 0;
    }
    const unread = listed.filter((block) => !receipts.has(String(block.hash)) && Array.isArray(block.transactions) && block.transactions.length > 0);
    if (first && unread.length > 0) {
      emit({ head: `0x${head.toString(16)}`, blocks: summaries, transactions: [], reset, transactionsPending: true });
      reset = false;
    }
    first = false;
    await Promise.all(
      unread.map(async (block) => {
        const hash = String(block.hash);
        const hashes = (block.transactions as unknown[]).map((tx) => (typeof tx === 'string' ? tx : String((tx as RpcObject).hash)));
        receipts.set(hash, (await blockReceipts(deps.rpc, networkId, hash, hashes, abort.signal).catch(() => null)) ?? []);
      }),
    );
    const blockRows = await Promise.all(listed.map((block) => transactionRows(networkId, block, receipts.get(String(block.hash)) ?? null, deps.decoder, deps.labelsOf?.(networkId))));
    const rows: (TransactionRow & { timestamp: string })[] = [];
    listed.forEach((block, i) => {
      for (const row of blockRows[i]!.reverse()) {
        if (rows.length >= LATEST_TRANSACTIONS) break;
        rows.push({ ...row, timestamp: String(block.timestamp) });
      }
    });
    for (const hash of [...receipts.keys()]) if (!ordered.some((block) => block.hash === hash)) receipts.delete(hash);
    emit({ head: `0x${head.toString(16)}`, blocks: summaries, transactions: rows, reset, ...(lacksBlockReceipts(networkId) ? { receiptsOneByOne: true } : {}) });
    reset = false;
  };

  await deps.health.watch(
    networkId,
    (event) => {
      if (!event.head) return;
      const head = BigInt(event.head.number);
      const wentBack = wanted !== undefined && head < wanted;
      // A head lower than the one shown forgets the heights above it (and may be a replaced chain).
      if (wentBack) for (const n of [...blocks.keys()]) if (n > head) blocks.delete(n);
      wanted = head;
      busy = busy
        .then(() => (wanted === head && !abort.signal.aborted ? refresh(head, wentBack) : undefined))
        .catch((error: unknown) => deps.log?.(`explorer: the latest blocks of ${networkId} could not be read: ${error instanceof Error ? error.message : String(error)}`));
    },
    signal,
  );
  abort.abort();
}
