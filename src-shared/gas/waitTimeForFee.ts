import type { FeeSuggestion, WaitTimeEstimate } from './feeSuggestion';
import { gweiToWei } from './gwei';

/** The fee a person chose for a transaction, in wei. */
export interface ChosenFee {
  maxPriorityFeePerGas: bigint;
  maxFeePerGas: bigint;
}

/**
 * Inclusion-time estimate for a chosen fee against a suggestion (the published algorithm's rule). The effective
 * tip is min(tip, maxFee - estimatedBaseFee); below low's tip the wait is unknown (null); from low's tip up to
 * medium's, low's bounds; up to high's, medium's; exactly high's, high's; above high's, 0 to high's maximum.
 */
export function waitTimeForFee(suggestion: FeeSuggestion, fee: ChosenFee): WaitTimeEstimate | null {
  const headroom = fee.maxFeePerGas - gweiToWei(suggestion.estimatedBaseFee);
  const tip = fee.maxPriorityFeePerGas < headroom ? fee.maxPriorityFeePerGas : headroom;
  const low = gweiToWei(suggestion.low.suggestedMaxPriorityFeePerGas);
  const medium = gweiToWei(suggestion.medium.suggestedMaxPriorityFeePerGas);
  const high = gweiToWei(suggestion.high.suggestedMaxPriorityFeePerGas);
  const bounds = ({ minWaitTimeEstimate, maxWaitTimeEstimate }: WaitTimeEstimate) => ({ minWaitTimeEstimate, maxWaitTimeEstimate });
  if (tip < low) return null;
  if (tip < medium) return bounds(suggestion.low);
  if (tip < high) return bounds(suggestion.medium);
  if (tip === high) return bounds(suggestion.high);
  return { minWaitTimeEstimate: 0, maxWaitTimeEstimate: suggestion.high.maxWaitTimeEstimate };
}
