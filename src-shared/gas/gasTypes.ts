import type { BlockCadence } from './blockCadence';
import type { ApiError } from '../api/apiError';
import type { FeeLevel, FeeSuggestion } from './feeSuggestion';

// The gas dashboard's data as it crosses the contract. Wei amounts are 0x hex quantities (JSON-safe); the
// suggestion's fees stay the gwei decimal strings the gas API answers, so a figure shown is the figure served.

/** Where a snapshot's levels come from: the network's gas API, or the app's own estimate from eth_feeHistory. */
export type GasSource = 'api' | 'local';

/** The words every local figure carries. */
export const LOCAL_ESTIMATE_LABEL = 'estimated locally from fee history';

/** The latest block a snapshot was taken at. */
export interface GasHead {
  number: number;
  /** Seconds since the epoch. */
  timestamp: number;
  baseFeePerGas: string;
  gasUsed: string;
  gasLimit: string;
}

/** One poll of a network's gas: the levels, where they come from, and what the chain says of the next blocks. */
export interface GasSnapshot {
  networkId: string;
  /** The chain id as text. */
  chain: string;
  source: GasSource;
  /** Why the levels are a local estimate (no gas API configured, or its failure in plain words); absent for `api`. */
  fallbackReason?: string;
  /** When the poll finished, ms since the epoch. */
  fetchedAt: number;
  suggestion: FeeSuggestion;
  /** The block the levels were computed for: the gas API's `x-block-number` when it sends one, else the head read with them. */
  suggestionBlock: number;
  head: GasHead;
  /** EIP-1559's base fee of the next block, exact (wei, hex). */
  nextBaseFee: string;
  /** The base fee the blocks after the next one can reach (index 0: the block after next), all empty to all full. */
  nextBaseFeeRange: { block: number; low: string; high: string }[];
  /** `eth_blobBaseFee` (wei, hex); null where the network has no blobs (the method is unknown to it). */
  blobBaseFee: string | null;
  /** Alerts this poll fired (each once per crossing). */
  fired: FiredGasAlert[];
  /** How the network makes blocks, read for a local estimate (whose waits come from it); absent for `api`. */
  blockCadence?: BlockCadence;
}

/** The live gas feed of a network: a snapshot per poll, or the failure of a poll and when the next one runs. */
export type GasEvent =
  | {
      kind: 'snapshot';
      snapshot: GasSnapshot;
      nextPollAt: number;
      /**
       * True on the first snapshot of a feed while the blocks before it that no poll saw are read from the chain's
       * fee history into the stored history; the same snapshot comes again with `false` once they are stored.
       */
      backfilling?: boolean;
    }
  | { kind: 'error'; networkId: string; error: ApiError; nextPollAt: number; last?: GasSnapshot };

/** A chart's time range. */
export type GasRange = 'hour' | 'day' | 'week';

/** The length of each range in ms. */
export const GAS_RANGE_MS: Record<GasRange, number> = { hour: 3_600_000, day: 86_400_000, week: 604_800_000 };

/**
 * Stored samples over a range, as columns for uPlot: bucketed by time (the mean of each bucket) when there are
 * more samples than points; fees in gwei as numbers (chart precision), times in seconds.
 */
export interface GasHistory {
  networkId: string;
  range: GasRange;
  /** Samples stored in the range (before bucketing). */
  samples: number;
  /**
   * The window the range covers, in seconds since the epoch: `to` is now (or the newest sample, when the chain's
   * clock runs ahead of this machine's), `from` one range before it. A chart spans exactly this.
   */
  from: number;
  to: number;
  /** Seconds since the epoch. */
  time: number[];
  baseFee: number[];
  /** The three levels' priority fees and max fees. */
  priority: Record<FeeLevel, number[]>;
  maxFee: Record<FeeLevel, number[]>;
  /** Samples taken from the gas API (the rest are local estimates). */
  fromApi: number;
}

/** Per-block figures over the latest blocks, from eth_feeHistory. */
export interface GasBlocks {
  networkId: string;
  /** Block numbers, ascending. */
  blocks: number[];
  /** Base fee per block, in gwei (chart precision). */
  baseFee: number[];
  /** gas used / gas limit, 0..1. */
  gasUsedRatio: number[];
}

/** What an alert watches: a level's suggested max fee, or the base fee. */
export type GasAlertMetric = FeeLevel | 'base';

/** A gas alert: tell me when a figure goes below (or above) a threshold. */
export interface GasAlert {
  id: number;
  networkId: string;
  metric: GasAlertMetric;
  direction: 'below' | 'above';
  /** The threshold in gwei, as the person typed it (canonical decimal). */
  thresholdGwei: string;
  createdAt: number;
  /** The last value seen (gwei) and whether it met the condition; absent before the first poll. */
  lastValueGwei?: string;
  met?: boolean;
  /** When it last fired (ms since the epoch): it stays quiet for {@link ALERT_COOLDOWN_MS} after. */
  lastFiredAt?: number;
  /** Snoozed: it does not fire before this time (ms since the epoch). */
  snoozedUntil?: number;
  /** Its figure crossed while it was quiet (cooling down or snoozed): it fires once quiet ends, if the condition still holds. */
  owed?: boolean;
}

/** An alert that fired: the value that crossed, the block and the time. */
export interface FiredGasAlert {
  id: number;
  alertId: number;
  networkId: string;
  /** `medium max fee below 2 gwei`. */
  description: string;
  valueGwei: string;
  block: number;
  at: number;
}
