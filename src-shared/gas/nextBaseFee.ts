// EIP-1559's base fee update, exact, and the range the next few blocks can reach. Pure bigint arithmetic in the
// order the EIP writes it (integer divisions where it divides), so it matches what nodes compute block by block.

/** EIP-1559's parameters: the gas target is the limit divided by the elasticity; the fee moves by at most 1/8. */
export const ELASTICITY_MULTIPLIER = 2n;
export const BASE_FEE_MAX_CHANGE_DENOMINATOR = 8n;

/** The parent block's figures the next base fee depends on. */
export interface ParentBlock {
  baseFeePerGas: bigint;
  gasUsed: bigint;
  gasLimit: bigint;
}

/** The base fee of the block after `parent` (EIP-1559's `calc_base_fee`, London rules). */
export function nextBaseFee(parent: ParentBlock): bigint {
  const target = parent.gasLimit / ELASTICITY_MULTIPLIER;
  if (target === 0n || parent.gasUsed === target) return parent.baseFeePerGas;
  if (parent.gasUsed > target) {
    const delta = (parent.baseFeePerGas * (parent.gasUsed - target)) / target / BASE_FEE_MAX_CHANGE_DENOMINATOR;
    return parent.baseFeePerGas + (delta > 1n ? delta : 1n);
  }
  const delta = (parent.baseFeePerGas * (target - parent.gasUsed)) / target / BASE_FEE_MAX_CHANGE_DENOMINATOR;
  return parent.baseFeePerGas - delta;
}

/**
 * The base fee `blocks` blocks after the next one can reach, from the next block's exact fee: every block empty
 * (the lowest) or every block full (the highest), the gas limit unchanged. Index 0 is the next block itself
 * (low = high = exact).
 */
export function baseFeeRange(next: bigint, gasLimit: bigint, blocks: number): { low: bigint; high: bigint }[] {
  const range = [{ low: next, high: next }];
  let low = next;
  let high = next;
  for (let index = 1; index <= blocks; index++) {
    low = nextBaseFee({ baseFeePerGas: low, gasUsed: 0n, gasLimit });
    high = nextBaseFee({ baseFeePerGas: high, gasUsed: gasLimit, gasLimit });
    range.push({ low, high });
  }
  return range;
}
