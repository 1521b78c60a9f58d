import { decodeFeeHistory } from './feeHistoryToInput';
import { FEE_HISTORY_PERCENTILES, HISTORICAL_BLOCKS, type FeeHistoryBlock, type GasFeeInput } from './gasFeeInput';
import { rewardsFromReceipts, type ReceiptFees } from './blockRewards';
/** What the window needs of a JSON-RPC client: single calls, and batches answered in call order. */
export interface FeeHistoryRpc {
  call<T>(method: string, params: unknown[]): Promise<T>;
  batch<T>(calls: readonly { method: string; params: unknown[] }[]): Promise<T[]>;
}

/**
 * Blocks in the congestion window. The hosted service ranks among about 20,000; Anvil keeps fee history for its
 * last 2,048 blocks only (and refuses ranges reaching further back), so the sandbox ranks among the last 2,000.
 */
export const CONGESTION_BLOCKS = 2000;
/** Anvil's (and geth's) cap on blocks per eth_feeHistory request. */
const MAX_FEE_HISTORY_BLOCKS = 1024;

interface RpcHeader {
  number: string;
  hash: string;
  parentHash: string;
  baseFeePerGas?: string | null;
  timestamp: string;
  gasUsed: string;
  gasLimit: string;
  transactions: unknown[];
}

/** The block a window was brought up to. */
export interface WindowHead {
  number: bigint;
  hash: string;
  /** Seconds since the epoch. */
  timestamp: number;
  baseFeePerGas: bigint;
  gasUsed: bigint;
  gasLimit: bigint;
}

const hex = (value: bigint) => `0x${value.toString(16)}`;

/**
 * The fee history of the node's last CONGESTION_BLOCKS blocks, kept in memory and extended block by block, so
 * each new head costs two small calls (the head, and eth_feeHistory for the new blocks) instead of re-reading
 * the window. Blocks Anvil has no fee history for (mined before a state restore) are filled in once from
 * their headers (base fees) and, within the last HISTORICAL_BLOCKS, their receipts (rewards).
 * Not re-entrant: the caller runs one sync at a time.
 */
export class FeeHistoryWindow {
  private readonly blocks = new Map<bigint, FeeHistoryBlock>();
  private head: WindowHead | undefined;
  private nextBaseFeePerGas = 0n;

  constructor(
    private readonly rpc: FeeHistoryRpc,
    private readonly size = CONGESTION_BLOCKS,
  ) {}

  /** Brings the window up to the node's latest block and returns the estimator's input for it. */
  async sync(): Promise<{ input: GasFeeInput; head: WindowHead }> {
    const latest = await this.rpc.call<RpcHeader | null>('eth_getBlockByNumber', ['latest', false]);
    if (!latest) throw new Error('the node has no latest block');
    if (latest.baseFeePerGas == null) throw new Error('the node has no EIP-1559 base fee: start Anvil with a London-or-later hardfork');
    const number = BigInt(latest.number);
    if (!(await this.extends(latest))) {
      // First sync, or the chain was reorganized or reverted under us (evm_revert, anvil_reset): start over.
      this.blocks.clear();
      this.head = undefined;
    }
    const oldest = number - BigInt(this.size) + 1n > 0n ? number - BigInt(this.size) + 1n : 0n;
    const from = this.head ? this.head.number + 1n : oldest;
    // The newest block's history is read again even when known: its answer carries the next block's base fee.
    await this.fetch(from <= number ? from : number, number, BigInt(latest.baseFeePerGas));
    for (const key of this.blocks.keys()) if (key < oldest) this.blocks.delete(key);
    this.head = {
      number,
      hash: latest.hash,
      timestamp: Number(BigInt(latest.timestamp)),
      baseFeePerGas: BigInt(latest.baseFeePerGas),
      gasUsed: BigInt(latest.gasUsed),
      gasLimit: BigInt(latest.gasLimit),
    };

    const blocks: FeeHistoryBlock[] = [];
    for (let n = oldest; n <= number; n++) {
      const block = this.blocks.get(n);
      if (block) blocks.push(block);
    }
    return { input: { blocks, nextBaseFeePerGas: this.nextBaseFeePerGas }, head: this.head };
  }

  /** Whether `latest` continues the chain the window holds (same block, its child, or a descendant of it). */
  private async extends(latest: RpcHeader): Promise<boolean> {
    const head = this.head;
    if (!head) return false;
    const number = BigInt(latest.number);
    if (number === head.number) return latest.hash === head.hash;
    if (number === head.number + 1n) return latest.parentHash === head.hash;
    if (number < head.number) return false;
    const then = await this.rpc.call<RpcHeader | null>('eth_getBlockByNumber', [hex(head.number), false]);
    return then?.hash === head.hash;
  }

  /**
   * Reads blocks [from, to] with eth_feeHistory in 1,024-block steps, newest first, then fills in what the node
   * lacked. An answer whose entries cannot be numbered (Anvil skipping blocks missing from its cache) is asked
   * again in halves, down to ranges it answers whole or not at all.
   */
  private async fetch(from: bigint, to: bigint, latestBaseFee: bigint): Promise<void> {
    const found = new Set<bigint>();
    let nextBaseFee: bigint | undefined;
    const read = async (lo: bigint, hi: bigint): Promise<void> => {
      const raw = await this.rpc.call('eth_feeHistory', [hex(hi - lo + 1n), hex(hi), FEE_HISTORY_PERCENTILES]);
      const decoded = decodeFeeHistory(raw, { newestBlock: hi, percentiles: FEE_HISTORY_PERCENTILES });
      if (hi === to) {
        // Only an answer ending at the latest block carries the next block's base fee.
        nextBaseFee ??= decoded.nextBaseFeePerGas;
        const last = decoded.blocks[decoded.blocks.length - 1];
        if (last?.number === to && last.baseFeePerGas !== latestBaseFee) {
          throw new Error(`block ${to} changed between two calls (base fee ${latestBaseFee}, then ${last.baseFeePerGas}): the chain was reorganized`);
        }
      }
      for (const block of decoded.blocks) {
        this.blocks.set(block.number, block);
        found.add(block.number);
      }
      if (decoded.unplaced > 0 && hi > lo) {
        const mid = lo + (hi - lo) / 2n;
        await read(mid + 1n, hi);
        await read(lo, mid);
      }
    };
    for (let hi = to; hi >= from; hi -= BigInt(MAX_FEE_HISTORY_BLOCKS)) {
      const lo = hi - BigInt(MAX_FEE_HISTORY_BLOCKS) + 1n > from ? hi - BigInt(MAX_FEE_HISTORY_BLOCKS) + 1n : from;
      try {
        await read(lo, hi);
      } catch (error) {
        if (hi === to) throw error;
        break; // Older than the node's fee-history cache reaches (Anvil refuses such ranges): backfilled below.
      }
    }
    this.nextBaseFeePerGas = nextBaseFee!; // The first read ends at `to`: it either set this or threw.
    const missing: bigint[] = [];
    for (let n = from; n <= to; n++) if (!found.has(n)) missing.push(n);
    if (missing.length > 0) await this.backfill(missing, to);
  }

  /** Base fees from headers, and rewards from receipts for blocks within the historical range. */
  private async backfill(numbers: readonly bigint[], to: bigint): Promise<void> {
    const headers = await this.rpc.batch<RpcHeader | null>(numbers.map((n) => ({ method: 'eth_getBlockByNumber', params: [hex(n), false] })));
    const withRewards: { block: FeeHistoryBlock; header: RpcHeader }[] = [];
    for (const [i, header] of headers.entries()) {
      if (!header || header.baseFeePerGas == null) continue;
      const block: FeeHistoryBlock = { number: numbers[i]!, baseFeePerGas: BigInt(header.baseFeePerGas) };
      this.blocks.set(block.number, block);
      if (block.number > to - BigInt(HISTORICAL_BLOCKS)) withRewards.push({ block, header });
    }
    // Blocks without transactions need no receipts: their rewards are all zero. Receipts carry their logs
    // (the seeded chain has blocks with 1,200): one block per request, so that no answer is large and each
    // is garbage before the next arrives (one batch of them took 38 MB).
    for (const { block, header } of withRewards) {
      const receipts = header.transactions.length === 0 ? [] : await this.rpc.call<ReceiptFees[] | null>('eth_getBlockReceipts', [header.hash]);
      this.blocks.set(block.number, { ...block, rewards: rewardsFromReceipts(receipts ?? [], block.baseFeePerGas) });
    }
  }
}
