import { describe, expect, it } from 'vitest';
import { rewardsFromReceipts } from './blockRewards';

const receipt = (gasUsed: number, effectiveGasPrice: number) => ({ gasUsed: `0x${gasUsed.toString(16)}`, effectiveGasPrice: `0x${effectiveGasPrice.toString(16)}` });

describe('rewardsFromReceipts', () => {
  it('gives all zeros for an empty block', () => {
    expect(rewardsFromReceipts([], 100n)).toEqual({ 10: 0n, 20: 0n, 30: 0n, 50: 0n, 95: 0n });
  });

  it('gives the one tip of a single-transaction block at every percentile', () => {
    expect(rewardsFromReceipts([receipt(21_000, 130)], 100n)).toEqual({ 10: 30n, 20: 30n, 30: 30n, 50: 30n, 95: 30n });
  });

  it('sorts by tip and weights by each transaction own gas', () => {
    // Tips 5 (21,000 gas), 1 (63,000 gas), 3 (21,000 gas): sorted 1, 3, 5 with running gas 63,000 / 84,000 / 105,000.
    const rewards = rewardsFromReceipts([receipt(21_000, 105), receipt(63_000, 101), receipt(21_000, 103)], 100n);
    // Targets: p10 10,500, p20 21,000, p30 31,500, p50 52,500 → tip 1; p95 99,750 → tip 5.
    expect(rewards).toEqual({ 10: 1n, 20: 1n, 30: 1n, 50: 1n, 95: 5n });
  });

  it('moves to the next transaction exactly when the running gas falls short of the target', () => {
    // Three equal transactions: p30 targets 18,900 (first), p50 31,500 (second), p95 59,850 (third).
    const rewards = rewardsFromReceipts([receipt(21_000, 3), receipt(21_000, 1), receipt(21_000, 2)], 0n);
    expect(rewards).toEqual({ 10: 1n, 20: 1n, 30: 1n, 50: 2n, 95: 3n });
  });

  it('never reports a tip below zero', () => {
    expect(rewardsFromReceipts([receipt(21_000, 90)], 100n)[50]).toBe(0n);
  });
});
