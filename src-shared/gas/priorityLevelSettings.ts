import { parseGwei } from 'viem';
import type { FeeLevel, WaitTimeEstimate } from './feeSuggestion';

/** How one urgency level turns fee history into a suggestion (SERVICE-FACTS, "Gas-fee interface"). */
export interface PriorityLevelSettings {
  /** Reward percentile of eth_feeHistory whose median over the last blocks sets the tip. */
  percentile: 10 | 20 | 30;
  /** Multiplier of the latest base fee, in percent. */
  baseFeePercent: bigint;
  /** Multiplier of the median tip, in percent. */
  tipPercent: bigint;
  /** The tip never goes below this, in wei. */
  minTip: bigint;
  waitTime: WaitTimeEstimate;
}

/**
 * The published fee-history algorithm's table (MetaMask's fallback estimator, gas-fee-controller 15.1.0).
 * Changing a figure here changes every level the sandbox serves; the table test pins them.
 */
export const PRIORITY_LEVEL_SETTINGS: Readonly<Record<FeeLevel, PriorityLevelSettings>> = {
  low: {
    percentile: 10,
    baseFeePercent: 110n,
    tipPercent: 94n,
    minTip: parseGwei('1'),
    waitTime: { minWaitTimeEstimate: 15_000, maxWaitTimeEstimate: 30_000 },
  },
  medium: {
    percentile: 20,
    baseFeePercent: 120n,
    tipPercent: 97n,
    minTip: parseGwei('1.5'),
    waitTime: { minWaitTimeEstimate: 15_000, maxWaitTimeEstimate: 45_000 },
  },
  high: {
    percentile: 30,
    baseFeePercent: 125n,
    tipPercent: 98n,
    minTip: parseGwei('2'),
    waitTime: { minWaitTimeEstimate: 15_000, maxWaitTimeEstimate: 60_000 },
  },
};
