import { FEE_LEVELS, type FeeLevel, type FeeLevelSuggestion, type FeeSuggestion } from './feeSuggestion';
import { congestionRank, lowerMedian, maxOf, minOf, trendOf } from './feeStatistics';
import { HISTORICAL_BLOCKS, LEVEL_BLOCKS, type FeeHistoryBlock, type FeeRewards, type GasFeeInput } from './gasFeeInput';
import { weiToGwei } from './gwei';
import { PRIORITY_LEVEL_SETTINGS } from './priorityLevelSettings';

/** Suggested fees of one level in wei, before they become gwei strings. */
export interface LevelFeesWei {
  maxPriorityFeePerGas: bigint;
  maxFeePerGas: bigint;
}

/**
 * The published fee-history algorithm for one level: the lower median of the level's reward percentile over
 * the given blocks (those without reward data are skipped; none at all counts as 0), times the tip multiplier,
 * not below the floor; plus the latest base fee times the base-fee multiplier. Truncating bigint arithmetic.
 */
export function levelFeesWei(level: FeeLevel, latestBaseFee: bigint, recentBlocks: readonly FeeHistoryBlock[]): LevelFeesWei {
  const settings = PRIORITY_LEVEL_SETTINGS[level];
  const tips = recentBlocks.flatMap((block) => (block.rewards ? [block.rewards[settings.percentile]] : []));
  const adjustedTip = (lowerMedian(tips) * settings.tipPercent) / 100n;
  const maxPriorityFeePerGas = adjustedTip > settings.minTip ? adjustedTip : settings.minTip;
  const maxFeePerGas = (latestBaseFee * settings.baseFeePercent) / 100n + maxPriorityFeePerGas;
  return { maxPriorityFeePerGas, maxFeePerGas };
}

/** The full fee suggestion object of the gas-fee interface, from fee history (see GasFeeInput). */
export function suggestGasFees(input: GasFeeInput): FeeSuggestion {
  const { blocks } = input;
  checkBlocks(blocks);
  const latest = blocks[blocks.length - 1]!;
  const recent = blocks.slice(-LEVEL_BLOCKS);
  const historical = blocks.slice(-HISTORICAL_BLOCKS);

  const level = (name: FeeLevel): FeeLevelSuggestion => {
    const fees = levelFeesWei(name, latest.baseFeePerGas, recent);
    return {
      suggestedMaxPriorityFeePerGas: weiToGwei(fees.maxPriorityFeePerGas),
      suggestedMaxFeePerGas: weiToGwei(fees.maxFeePerGas),
      ...PRIORITY_LEVEL_SETTINGS[name].waitTime,
    };
  };
  const [low, medium, high] = FEE_LEVELS.map(level) as [FeeLevelSuggestion, FeeLevelSuggestion, FeeLevelSuggestion];
  const previous = blocks[blocks.length - 2];

  return {
    low,
    medium,
    high,
    estimatedBaseFee: weiToGwei(latest.baseFeePerGas),
    networkCongestion: congestionRank(blocks.map((block) => block.baseFeePerGas), latest.baseFeePerGas),
    latestPriorityFeeRange: priorityFeeRange([latest]),
    historicalPriorityFeeRange: priorityFeeRange(historical),
    historicalBaseFeeRange: gweiRange(historical.map((block) => block.baseFeePerGas)),
    // Blocks the node has no rewards for give no direction: call it level rather than guess.
    priorityFeeTrend: previous?.rewards && latest.rewards ? trendOf(previous.rewards[50], latest.rewards[50]) : 'level',
    baseFeeTrend: trendOf(latest.baseFeePerGas, input.nextBaseFeePerGas),
  };
}

/**
 * [lowest non-zero 10th-percentile tip, highest 95th-percentile tip] over the blocks that have rewards.
 * Zero tips are left out of the minimum (empty blocks report all zeros); with none left the minimum is "0",
 * as hosted answers show (`["0", "3"]`).
 */
function priorityFeeRange(blocks: readonly FeeHistoryBlock[]): [string, string] {
  const rewards = blocks.flatMap((block): FeeRewards[] => (block.rewards ? [block.rewards] : []));
  const low = minOf(rewards.map((r) => r[10]).filter((tip) => tip > 0n)) ?? 0n;
  const high = maxOf(rewards.map((r) => r[95])) ?? 0n;
  // A block's 95th percentile is at least its 10th, so only a block set without any non-zero p95 could invert this.
  return [weiToGwei(low), weiToGwei(high > low ? high : low)];
}

function gweiRange(values: readonly bigint[]): [string, string] {
  return [weiToGwei(minOf(values) ?? 0n), weiToGwei(maxOf(values) ?? 0n)];
}

function checkBlocks(blocks: readonly FeeHistoryBlock[]): void {
  if (blocks.length === 0) throw new RangeError('suggestGasFees needs at least the latest block');
  for (let i = 1; i < blocks.length; i++) {
    if (blocks[i]!.number <= blocks[i - 1]!.number) {
      throw new RangeError(`blocks must be in ascending order: ${blocks[i - 1]!.number} then ${blocks[i]!.number}`);
    }
  }
}
