import { blobParamsOf, type BlobParams } from './blobFees';
import { BlockFeesCache } from './blockFeesCache';
import { MAX_FEE_HISTORY_BLOCKS } from './paramChecks';
import {
  blockFeesFromHeader,
  feeHistoryResult,
  nextFeesFromHeader,
  tipsFromReceipts,
  type BlockFees,
  type FeeHeader,
  type FeeHistoryResult,
  type FeeReceipt,
  type NextFees,
} from './feeHistory';

// Reads what eth_feeHistory needs from the node (headers, receipts, the next block's fees) and computes the answer
// with feeHistory.ts. Blocks' fees are kept by hash, so a poll of the latest blocks reads only the new ones: the
// newest header is read, then its ancestors are found in the cache by parentHash, down to the first one missing.

/** One JSON-RPC call to the node. */
export interface NodeCall {
  method: string;
  params: unknown[];
}

/** How the reader reaches the node. */
export interface FeeHistoryNode {
  /** The calls' results, in order (one JSON-RPC batch where the transport allows it); throws if any call fails. */
  batch(calls: readonly NodeCall[]): Promise<unknown[]>;
}

/** eth_feeHistory's newest block: a number or a tag. */
export type NewestBlock = bigint | 'latest' | 'pending' | 'safe' | 'finalized' | 'earliest';

/** An eth_feeHistory request; a count over 1,024 is read as 1,024, as paramChecks.ts cuts it. */
export interface FeeHistoryRequest {
  blockCount: bigint;
  newestBlock: NewestBlock;
  /** Ascending, each in [0, 100]. */
  percentiles: readonly number[];
}

const TAGS = new Set(['latest', 'pending', 'safe', 'finalized', 'earliest']);

/** The request's params, or undefined for shapes the node answers with its own error (a null or missing member, extras). */
export function readFeeHistoryParams(params: unknown): FeeHistoryRequest | undefined {
  if (!Array.isArray(params) || params.length < 2 || params.length > 3) return undefined;
  const [count, newest, percentiles = []] = params as unknown[];
  if (typeof count !== 'string' || typeof newest !== 'string' || !Array.isArray(percentiles)) return undefined;
  if (!percentiles.every((p) => typeof p === 'number')) return undefined;
  const newestBlock: NewestBlock | undefined = TAGS.has(newest) ? (newest as NewestBlock) : /^0x[0-9a-f]+$/i.test(newest) ? BigInt(newest) : undefined;
  if (newestBlock === undefined || !/^0x[0-9a-f]+$/i.test(count)) return undefined;
  return { blockCount: BigInt(count), newestBlock, percentiles: percentiles as number[] };
}

/** The answer, or why there is none: a range Anvil refuses, or a node this code cannot compute for (ask the node). */
export type FeeHistoryOutcome = { kind: 'history'; result: FeeHistoryResult } | { kind: 'outOfBounds' } | { kind: 'unsupported'; reason: string };

/** Anvil's -32602 message for a range reaching below FEE_HISTORY_REACH. */
export const OUT_OF_BOUNDS_MESSAGE = 'requested block range is out of bounds';
/** How far below its head Anvil answers eth_feeHistory (its fee-history limit); the sandbox refuses the same ranges. */
export const FEE_HISTORY_REACH = 2048n;
/** Room for Anvil's whole reach twice over: the head moves and a reorg leaves the replaced blocks behind. */
const DEFAULT_CACHED_BLOCKS = 4096;
/** Blocks whose receipts are read at once: receipts carry their logs, up to megabytes a block in the seeded chain. */
const RECEIPT_BLOCKS_PER_READ = 8;
/** Reads again when the chain moved under one (a block mined or replaced between two calls). */
const ATTEMPTS = 3;

/** Reads eth_feeHistory answers from the chain. */
export interface FeeHistoryReader {
  /** The answer to a checked request. */
  read(request: FeeHistoryRequest): Promise<FeeHistoryOutcome>;
}

const MOVED = Symbol('the chain moved during the read');
const hex = (value: bigint) => `0x${value.toString(16)}`;
const getBlock = (block: string): NodeCall => ({ method: 'eth_getBlockByNumber', params: [block, false] });

/** Creates a reader with its own cache of blocks' fees. */
export function createFeeHistoryReader(node: FeeHistoryNode, options: { cachedBlocks?: number } = {}): FeeHistoryReader {
  const cache = new BlockFeesCache(options.cachedBlocks ?? DEFAULT_CACHED_BLOCKS);
  let fork: Promise<BlobParams | string> | undefined;

  /** The fork's blob parameters, asked once; a string says why they are unknown. */
  const blobParams = (): Promise<BlobParams | string> => {
    fork ??= node.batch([{ method: 'anvil_nodeInfo', params: [] }]).then(
      ([info]) => {
        const name = (info as { hardFork?: unknown } | null)?.hardFork;
        if (typeof name !== 'string') return 'the node does not say which fork it runs';
        return blobParamsOf(name) ?? `no blob fee parameters for the fork ${JSON.stringify(name)}`;
      },
      (error: unknown) => {
        fork = undefined; // asked again next time
        throw error;
      },
    );
    return fork;
  };

  const feesOf = (header: FeeHeader, blob: BlobParams): BlockFees => {
    const known = cache.get(header.hash);
    if (known) return known;
    const fees = blockFeesFromHeader(header, blob);
    cache.set(fees);
    return fees;
  };

  async function attempt(request: FeeHistoryRequest, blob: BlobParams): Promise<FeeHistoryOutcome | typeof MOVED> {
    const { newestBlock, percentiles } = request;
    const tag = newestBlock === 'safe' || newestBlock === 'finalized' || newestBlock === 'earliest' ? newestBlock : undefined;
    const [latest, pending, blobBaseFee, tagged] = (await node.batch([
      getBlock('latest'),
      getBlock('pending'),
      { method: 'eth_blobBaseFee', params: [] },
      ...(tag ? [getBlock(tag)] : []),
    ])) as [FeeHeader | null, FeeHeader | null, string, FeeHeader | null | undefined];
    if (!latest || !pending) throw new Error('the node has no latest or pending block');
    if (pending.parentHash !== latest.hash) return MOVED;
    if (latest.baseFeePerGas == null || pending.baseFeePerGas == null) return { kind: 'unsupported', reason: 'the chain has no base fee (before London)' };

    // Numbers as Anvil takes them: "pending" is the head, a count of 0 answers one block, and a newest block past
    // the head answers the blocks of the range that exist, with the pending block's fees last.
    const head = BigInt(latest.number);
    const newest = typeof newestBlock === 'bigint' ? newestBlock : tagged ? BigInt(tagged.number) : head;
    const asked = request.blockCount > BigInt(MAX_FEE_HISTORY_BLOCKS) ? BigInt(MAX_FEE_HISTORY_BLOCKS) : request.blockCount;
    const count = asked === 0n ? 1n : asked;
    const oldest = newest >= count - 1n ? newest - count + 1n : 0n;
    if (oldest < head - FEE_HISTORY_REACH) return { kind: 'outOfBounds' };
    const top = newest < head ? newest : head;

    let topHeader = latest;
    let next: NextFees = { baseFeePerGas: BigInt(pending.baseFeePerGas), baseFeePerBlobGas: BigInt(blobBaseFee) };
    if (top < head) {
      const [at, after] = (await node.batch([getBlock(hex(top)), getBlock(hex(top + 1n))])) as (FeeHeader | null)[];
      if (!at || !after || after.parentHash !== at.hash || (tagged && tagged.hash !== at.hash)) return MOVED;
      topHeader = at;
      next = nextFeesFromHeader(after, blob);
    }
    if (oldest > top) return { kind: 'history', result: feeHistoryResult({ oldestBlock: oldest, blocks: [], next, percentiles }) };

    // Newest first: from the cache while the parent is known, then the rest read by number and checked against
    // the hashes they must have.
    const blocks: BlockFees[] = [feesOf(topHeader, blob)];
    let expected = topHeader.parentHash;
    let n = top - 1n;
    for (let cached = cache.get(expected); n >= oldest && cached; cached = cache.get(expected)) {
      blocks.push(cached);
      expected = cached.parentHash;
      n -= 1n;
    }
    if (n >= oldest) {
      const numbers: bigint[] = [];
      for (let m = n; m >= oldest; m--) numbers.push(m);
      const headers = (await node.batch(numbers.map((m) => getBlock(hex(m))))) as (FeeHeader | null)[];
      for (const header of headers) {
        if (!header || header.hash !== expected) return MOVED;
        blocks.push(feesOf(header, blob));
        expected = header.parentHash;
      }
    }
    blocks.reverse();

    if (percentiles.length > 0) {
      const missing = blocks.flatMap((block, index) => (block.transactionCount > 0 && block.tips === undefined ? [index] : []));
      for (let start = 0; start < missing.length; start += RECEIPT_BLOCKS_PER_READ) {
        const indices = missing.slice(start, start + RECEIPT_BLOCKS_PER_READ);
        const lists = (await node.batch(indices.map((i) => ({ method: 'eth_getBlockReceipts', params: [blocks[i]!.hash] })))) as (FeeReceipt[] | null)[];
        for (const [k, i] of indices.entries()) {
          const block = blocks[i]!;
          const receipts = lists[k];
          if (!receipts || receipts.length !== block.transactionCount) return MOVED;
          const withTips = { ...block, tips: tipsFromReceipts(receipts, block.baseFeePerGas) };
          cache.set(withTips);
          blocks[i] = withTips;
        }
      }
    }
    return { kind: 'history', result: feeHistoryResult({ oldestBlock: oldest, blocks, next, percentiles }) };
  }

  return {
    async read(request) {
      const blob = await blobParams();
      if (typeof blob === 'string') return { kind: 'unsupported', reason: blob };
      for (let i = 0; i < ATTEMPTS; i++) {
        const outcome = await attempt(request, blob);
        if (outcome !== MOVED) return outcome;
      }
      throw new Error(`the chain changed under each of ${ATTEMPTS} reads of eth_feeHistory`);
    },
  };
}
