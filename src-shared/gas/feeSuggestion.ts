/** The three urgency levels of a fee suggestion, cheapest first. */
export const FEE_LEVELS = ['low', 'medium', 'high'] as const;

/** One urgency level of a fee suggestion. */
export type FeeLevel = (typeof FEE_LEVELS)[number];

/** Direction of a fee between two blocks; `level` when it did not change (the hosted service answers it too). */
export type FeeTrend = 'up' | 'down' | 'level';

/** Inclusion-time estimate, in milliseconds. */
export interface WaitTimeEstimate {
  minWaitTimeEstimate: number;
  maxWaitTimeEstimate: number;
}

/** Suggested fees of one urgency level; fees are gwei decimal strings. */
export interface FeeLevelSuggestion extends WaitTimeEstimate {
  suggestedMaxPriorityFeePerGas: string;
  suggestedMaxFeePerGas: string;
}

/** The gas-fee interface's fee suggestion object (spec "Fee suggestion object"); every fee is a gwei decimal string. */
export interface FeeSuggestion {
  low: FeeLevelSuggestion;
  medium: FeeLevelSuggestion;
  high: FeeLevelSuggestion;
  /** Base fee of the latest block. */
  estimatedBaseFee: string;
  /** Rank of the latest base fee in a long window of recent base fees, in [0, 1]. */
  networkCongestion: number;
  /** [lowest non-zero 10th-percentile tip, highest 95th-percentile tip] of the latest block. */
  latestPriorityFeeRange: [string, string];
  /** The same range over the last 200 blocks. */
  historicalPriorityFeeRange: [string, string];
  /** [min, max] base fee over the last 200 blocks. */
  historicalBaseFeeRange: [string, string];
  /** Median tip of the latest block against the block before. */
  priorityFeeTrend: FeeTrend;
  /** Next block's base fee against the latest block's. */
  baseFeeTrend: FeeTrend;
  /** Response format version; hosted responses carry it, the pure estimator leaves it out. */
  version?: string;
}
