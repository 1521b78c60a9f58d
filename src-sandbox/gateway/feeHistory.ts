// eth_feeHistory computed from blocks and receipts, as geth computes it (eth/gasprice/feehistory.go), in the members
// and order Anvil answers with. Pure: the reading is feeHistoryReader.ts. Anvil answers from a cache it fills while
// mining, which a restart from a state dump leaves empty (issue 27); this answers from the chain itself.
import { blobBaseFee, GAS_PER_BLOB, type BlobParams } from './blobFees';

/** The header fields eth_feeHistory reads, as eth_getBlockByNumber(…, false) returns them. */
export interface FeeHeader {
  number: string;
  hash: string;
  parentHash: string;
  baseFeePerGas?: string | null;
  gasUsed: string;
  gasLimit: string;
  blobGasUsed?: string | null;
  excessBlobGas?: string | null;
  transactions: readonly unknown[];
}

/** The receipt fields the rewards come from. */
export interface FeeReceipt {
  gasUsed: string;
  effectiveGasPrice: string;
}

/** Gas used by the transactions paying one effective tip. */
export interface TipGas {
  tip: bigint;
  gasUsed: bigint;
}

/** What eth_feeHistory reports of one block; immutable for its hash. */
export interface BlockFees {
  number: bigint;
  hash: string;
  parentHash: string;
  baseFeePerGas: bigint;
  baseFeePerBlobGas: bigint;
  gasUsedRatio: number;
  blobGasUsedRatio: number;
  gasUsed: bigint;
  transactionCount: number;
  /** Effective tips ascending, equal tips merged; absent until the receipts are read (never needed for empty blocks). */
  tips?: readonly TipGas[];
}

/** The fees of the block after the newest one: its header's when it exists, else what the node says of the next block. */
export interface NextFees {
  baseFeePerGas: bigint;
  baseFeePerBlobGas: bigint;
}

/** eth_feeHistory's result, members in Anvil's order; `blobGasUsedRatio` is left out when no block is reported, as Anvil does. */
export interface FeeHistoryResult {
  baseFeePerGas: string[];
  gasUsedRatio: number[];
  baseFeePerBlobGas: string[];
  blobGasUsedRatio?: number[];
  oldestBlock: string;
  reward: string[][];
}

const hex = (value: bigint) => `0x${value.toString(16)}`;

/** A block's fees from its header (the rewards need its receipts too: see tipsFromReceipts). */
export function blockFeesFromHeader(header: FeeHeader, blob: BlobParams): BlockFees {
  if (header.baseFeePerGas == null) throw new RangeError(`block ${BigInt(header.number)} has no base fee (a chain before London)`);
  const gasUsed = BigInt(header.gasUsed);
  const gasLimit = BigInt(header.gasLimit);
  const blobGasUsed = header.blobGasUsed == null ? 0n : BigInt(header.blobGasUsed);
  return {
    number: BigInt(header.number),
    hash: header.hash,
    parentHash: header.parentHash,
    baseFeePerGas: BigInt(header.baseFeePerGas),
    baseFeePerBlobGas: header.excessBlobGas == null ? 0n : blobBaseFee(BigInt(header.excessBlobGas), blob.updateFraction),
    gasUsedRatio: gasLimit === 0n ? 0 : Number(gasUsed) / Number(gasLimit),
    blobGasUsedRatio: Number(blobGasUsed) / Number(blob.maxBlobsPerBlock * GAS_PER_BLOB),
    gasUsed,
    transactionCount: header.transactions.length,
  };
}

/** The fees a header gives the block after its parent: the next entry when the newest block is not the head. */
export function nextFeesFromHeader(header: FeeHeader, blob: BlobParams): NextFees {
  const fees = blockFeesFromHeader(header, blob);
  return { baseFeePerGas: fees.baseFeePerGas, baseFeePerBlobGas: fees.baseFeePerBlobGas };
}

/**
 * Each transaction's effective tip (effective gas price minus the base fee, as tx.EffectiveGasTip gives it; never
 * below zero) with the gas its receipt says it used, sorted by tip; equal tips merged, which changes no reward.
 */
export function tipsFromReceipts(receipts: readonly FeeReceipt[], baseFeePerGas: bigint): TipGas[] {
  const sorted = receipts
    .map((receipt) => {
      const tip = BigInt(receipt.effectiveGasPrice) - baseFeePerGas;
      return { tip: tip > 0n ? tip : 0n, gasUsed: BigInt(receipt.gasUsed) };
    })
    .sort((a, b) => (a.tip < b.tip ? -1 : a.tip > b.tip ? 1 : 0));
  const merged: TipGas[] = [];
  for (const entry of sorted) {
    const last = merged[merged.length - 1];
    if (last && last.tip === entry.tip) merged[merged.length - 1] = { tip: last.tip, gasUsed: last.gasUsed + entry.gasUsed };
    else merged.push(entry);
  }
  return merged;
}

/**
 * The block's reward at each percentile (ascending), geth's way: walking the tips in order, the tip at which the
 * gas used so far first reaches gasUsed x p / 100 (a float product, truncated), or the highest tip. An empty block
 * has all zeros.
 */
export function rewardsAt(block: Pick<BlockFees, 'gasUsed' | 'tips' | 'transactionCount'>, percentiles: readonly number[]): bigint[] {
  if (block.transactionCount === 0) return percentiles.map(() => 0n);
  const tips = block.tips;
  if (tips === undefined || tips.length === 0) throw new RangeError('rewardsAt needs the tips of a block with transactions');
  let index = 0;
  let sum = tips[0]!.gasUsed;
  return percentiles.map((p) => {
    const threshold = BigInt(Math.trunc((Number(block.gasUsed) * p) / 100));
    while (sum < threshold && index < tips.length - 1) {
      index += 1;
      sum += tips[index]!.gasUsed;
    }
    return tips[index]!.tip;
  });
}

/** eth_feeHistory's result for `blocks` (ascending, from `oldestBlock`; empty when none is reported) and the block after. */
export function feeHistoryResult(args: {
  oldestBlock: bigint;
  blocks: readonly BlockFees[];
  next: NextFees;
  percentiles: readonly number[];
}): FeeHistoryResult {
  const { blocks, next, percentiles } = args;
  const result: FeeHistoryResult = {
    baseFeePerGas: [...blocks.map((b) => hex(b.baseFeePerGas)), hex(next.baseFeePerGas)],
    gasUsedRatio: blocks.map((b) => b.gasUsedRatio),
    baseFeePerBlobGas: [...blocks.map((b) => hex(b.baseFeePerBlobGas)), hex(next.baseFeePerBlobGas)],
    blobGasUsedRatio: blocks.map((b) => b.blobGasUsedRatio),
    oldestBlock: hex(args.oldestBlock),
    reward: percentiles.length === 0 ? [] : blocks.map((b) => rewardsAt(b, percentiles).map(hex)),
  };
  if (blocks.length === 0) delete result.blobGasUsedRatio;
  return result;
}

/**
 * The result as Anvil's bytes: the same as JSON.stringify except that whole floats keep a `.0` (serde writes
 * `0.0`, `1.0`). Ratios lie in [0, 1], where JavaScript and serde otherwise print the same shortest digits.
 */
export function feeHistoryJson(result: FeeHistoryResult): string {
  const ratio = (value: number) => (Number.isInteger(value) ? `${value}.0` : String(value));
  const ratios = (values: readonly number[]) => `[${values.map(ratio).join(',')}]`;
  const strings = (values: readonly string[]) => JSON.stringify(values);
  const parts = [
    `"baseFeePerGas":${strings(result.baseFeePerGas)}`,
    `"gasUsedRatio":${ratios(result.gasUsedRatio)}`,
    `"baseFeePerBlobGas":${strings(result.baseFeePerBlobGas)}`,
    ...(result.blobGasUsedRatio === undefined ? [] : [`"blobGasUsedRatio":${ratios(result.blobGasUsedRatio)}`]),
    `"oldestBlock":${JSON.stringify(result.oldestBlock)}`,
    `"reward":${JSON.stringify(result.reward)}`,
  ];
  return `{${parts.join(',')}}`;
}
