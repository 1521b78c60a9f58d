import type { FeeLevel } from '../../../src-shared/gas/feeSuggestion';
import type { GasSnapshot } from '../../../src-shared/gas/gasTypes';
import { gweiToWei } from '../../../src-shared/gas/gwei';

/** Wei per gas a transaction at `level` likely pays (next base fee + priority fee, capped by the max fee) and at most pays. */
export function levelFeePerGas(snapshot: GasSnapshot, level: FeeLevel): { likely: bigint; cap: bigint } {
  const fees = snapshot.suggestion[level];
  const tip = gweiToWei(fees.suggestedMaxPriorityFeePerGas);
  const cap = gweiToWei(fees.suggestedMaxFeePerGas);
  const next = BigInt(snapshot.nextBaseFee);
  return { likely: next + tip < cap ? next + tip : cap, cap };
}
