import { z } from 'zod';
import { FEE_HISTORY_PERCENTILES, type FeeHistoryBlock, type FeeRewards, type GasFeeInput } from './gasFeeInput';

const quantity = z.string().regex(/^0x[0-9a-fA-F]{1,64}$/, 'expected a 0x hex quantity');

/** eth_feeHistory's result as it comes off the wire (extra keys such as blob fields are ignored). */
export const rpcFeeHistorySchema = z.object({
  oldestBlock: quantity,
  baseFeePerGas: z.array(quantity).min(1),
  gasUsedRatio: z.array(z.number()),
  reward: z.array(z.array(quantity)).optional(),
});

/** eth_feeHistory's result, raw. */
export type RpcFeeHistory = z.input<typeof rpcFeeHistorySchema>;

/** The two fields of an eth_getBlockByNumber result that the estimator needs, raw. */
export const rpcBlockHeaderSchema = z.object({
  number: quantity,
  baseFeePerGas: quantity.nullish(),
});

/** A block header (or full block) as eth_getBlockByNumber returns it; only `number` and `baseFeePerGas` are read. */
export type RpcBlockHeader = z.input<typeof rpcBlockHeaderSchema>;

/** A decoded eth_feeHistory answer. */
export interface DecodedFeeHistory {
  /** Ascending; numbered from `oldestBlock`. */
  blocks: FeeHistoryBlock[];
  /** The answer's last baseFeePerGas entry: the base fee of the block after the newest. */
  nextBaseFeePerGas: bigint;
  /**
   * Entries that could not be numbered, left out of `blocks`. A node answers a contiguous range ending at the
   * newest block asked for (geth trims it at the old end and says so in `oldestBlock`). Anvil, missing blocks
   * in its fee-history cache (those before a state restore), skips them yet still reports the oldest block asked
   * for, so its entries no longer line up: ask again for smaller ranges (FeeHistoryWindow bisects).
   */
  unplaced: number;
}

/** Decodes one eth_feeHistory answer for a request that ended at `newestBlock` with `percentiles`. */
export function decodeFeeHistory(
  raw: unknown,
  request: { newestBlock: bigint; percentiles?: readonly number[] },
): DecodedFeeHistory {
  const history = rpcFeeHistorySchema.parse(raw);
  const count = history.gasUsedRatio.length;
  if (history.baseFeePerGas.length !== count + 1) {
    throw new RangeError(`eth_feeHistory answered ${count} blocks but ${history.baseFeePerGas.length} base fees (expected ${count + 1})`);
  }
  const nextBaseFeePerGas = BigInt(history.baseFeePerGas[count]!);
  const first = BigInt(history.oldestBlock);
  if (count > 0 && first + BigInt(count) - 1n !== request.newestBlock) return { blocks: [], nextBaseFeePerGas, unplaced: count };
  const percentiles = request.percentiles ?? [];
  const columns = rewardColumns(percentiles);
  const rows = history.reward ?? [];
  if (columns && rows.length !== count) {
    throw new RangeError(`eth_feeHistory answered ${count} blocks but ${rows.length} reward rows`);
  }
  const blocks = history.gasUsedRatio.map((_ratio, i): FeeHistoryBlock => {
    const block: FeeHistoryBlock = { number: first + BigInt(i), baseFeePerGas: BigInt(history.baseFeePerGas[i]!) };
    if (!columns) return block;
    const row = rows[i]!;
    if (row.length !== percentiles.length) {
      throw new RangeError(`eth_feeHistory reward row ${i} has ${row.length} entries for ${percentiles.length} percentiles`);
    }
    const at = (p: keyof typeof columns) => BigInt(row[columns[p]]!);
    const rewards: FeeRewards = { 10: at(10), 20: at(20), 30: at(30), 50: at(50), 95: at(95) };
    return { ...block, rewards };
  });
  return { blocks, nextBaseFeePerGas, unplaced: 0 };
}

/**
 * Builds the estimator's input from raw JSON-RPC answers:
 * - `latestBlock`: eth_getBlockByNumber('latest', false);
 * - `feeHistory`: eth_feeHistory(up to 1024 blocks, latestBlock.number, percentiles), where `percentiles`
 *   (default FEE_HISTORY_PERCENTILES) contains 10, 20, 30, 50 and 95; 200 blocks cover every field but congestion;
 * - `congestionHistory` (optional): a longer eth_feeHistory ending at the same block, percentiles not needed,
 *   that widens the congestion window.
 * A latest block missing from the history (a node without fee data for it) still sets the base fee; entries
 * a node answers out of line (see DecodedFeeHistory.unplaced) are left out.
 */
export function feeHistoryToInput(args: {
  latestBlock: RpcBlockHeader;
  feeHistory: RpcFeeHistory;
  percentiles?: readonly number[];
  congestionHistory?: RpcFeeHistory;
}): GasFeeInput {
  const header = rpcBlockHeaderSchema.parse(args.latestBlock);
  if (header.baseFeePerGas == null) throw new RangeError(`block ${BigInt(header.number)} has no base fee: the chain has no EIP-1559 fees`);
  const newestBlock = BigInt(header.number);
  const main = decodeFeeHistory(args.feeHistory, { newestBlock, percentiles: args.percentiles ?? FEE_HISTORY_PERCENTILES });
  const byNumber = new Map<bigint, FeeHistoryBlock>();
  if (args.congestionHistory) {
    for (const block of decodeFeeHistory(args.congestionHistory, { newestBlock }).blocks) byNumber.set(block.number, block);
  }
  for (const block of main.blocks) byNumber.set(block.number, block);
  const latest: FeeHistoryBlock = { number: newestBlock, baseFeePerGas: BigInt(header.baseFeePerGas) };
  const known = byNumber.get(newestBlock);
  if (known && known.baseFeePerGas !== latest.baseFeePerGas) {
    throw new RangeError(`eth_feeHistory and the block disagree on block ${newestBlock}'s base fee: was the chain reorganized between the two calls?`);
  }
  if (!known) byNumber.set(newestBlock, latest);
  const blocks = [...byNumber.values()].sort((a, b) => (a.number < b.number ? -1 : 1));
  return { blocks, nextBaseFeePerGas: main.nextBaseFeePerGas };
}

/** Column of each needed percentile in a reward row, or undefined when no rewards were asked for. */
function rewardColumns(percentiles: readonly number[]): Record<keyof FeeRewards, number> | undefined {
  if (percentiles.length === 0) return undefined;
  const columns = {} as Record<keyof FeeRewards, number>;
  for (const p of FEE_HISTORY_PERCENTILES) {
    const index = percentiles.indexOf(p);
    if (index < 0) throw new RangeError(`reward percentiles must include ${FEE_HISTORY_PERCENTILES.join(', ')}; got ${percentiles.join(', ')}`);
    columns[p] = index;
  }
  return columns;
}
