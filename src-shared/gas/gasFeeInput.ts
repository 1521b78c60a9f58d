/**
 * Reward percentiles to ask eth_feeHistory for: 10/20/30 set the levels, 50 the priority-fee trend,
 * 10 and 95 the priority-fee ranges. A node computes each percentile on its own, so one request for all
 * five gives the same figures as the published algorithm's separate requests.
 */
export const FEE_HISTORY_PERCENTILES = [10, 20, 30, 50, 95] as const;

/** One of FEE_HISTORY_PERCENTILES. */
export type RewardPercentile = (typeof FEE_HISTORY_PERCENTILES)[number];

/** Effective priority fees (wei) of one block at each of FEE_HISTORY_PERCENTILES; all zero for an empty block. */
export type FeeRewards = Readonly<Record<RewardPercentile, bigint>>;

/** Blocks whose rewards set the three levels (the published algorithm's eth_feeHistory(5, latest, [10, 20, 30])). */
export const LEVEL_BLOCKS = 5;
/** Blocks over which the historical ranges are taken. */
export const HISTORICAL_BLOCKS = 200;

/** One block's fee data, decoded from eth_feeHistory (or from the block and its receipts). */
export interface FeeHistoryBlock {
  number: bigint;
  baseFeePerGas: bigint;
  /** Absent when the node has no reward data for the block; such blocks count for base fees only. */
  rewards?: FeeRewards;
}

/** Everything suggestGasFees needs, as plain data: fill it with feeHistoryToInput or from a kept window. */
export interface GasFeeInput {
  /**
   * Blocks in ascending order ending at the latest block. The last LEVEL_BLOCKS give the levels, the last
   * HISTORICAL_BLOCKS the ranges, the last two the priority-fee trend; all of them form the congestion window.
   */
  blocks: readonly FeeHistoryBlock[];
  /** Base fee of the block after the latest: the last baseFeePerGas entry of eth_feeHistory ending at the latest block. */
  nextBaseFeePerGas: bigint;
}
