import { parseGwei } from 'viem';
import { describe, expect, it } from 'vitest';
import { suggestGasFees } from './suggestGasFees';
import { waitTimeForFee } from './waitTimeForFee';

// The published test vector: base fee 200 gwei; tips low 1, medium 1.552, high 2.94 gwei.
const suggestion = suggestGasFees({
  blocks: [
    { number: 1n, baseFeePerGas: parseGwei('300'), rewards: { 10: 0n, 20: parseGwei('1'), 30: 0n, 50: 0n, 95: 0n } },
    { number: 2n, baseFeePerGas: parseGwei('100'), rewards: { 10: parseGwei('0.5'), 20: parseGwei('1.6'), 30: parseGwei('3'), 50: 0n, 95: 0n } },
    { number: 3n, baseFeePerGas: parseGwei('200'), rewards: { 10: parseGwei('0.5'), 20: parseGwei('2'), 30: parseGwei('3'), 50: 0n, 95: 0n } },
  ],
  nextBaseFeePerGas: parseGwei('200'),
});
const fee = (tip: string, maxFee = '1000') => ({ maxPriorityFeePerGas: parseGwei(tip), maxFeePerGas: parseGwei(maxFee) });

describe('waitTimeForFee', () => {
  it.each([
    ['0.999999999', null],
    ['1', { minWaitTimeEstimate: 15_000, maxWaitTimeEstimate: 30_000 }],
    ['1.551999999', { minWaitTimeEstimate: 15_000, maxWaitTimeEstimate: 30_000 }],
    ['1.552', { minWaitTimeEstimate: 15_000, maxWaitTimeEstimate: 45_000 }],
    ['2.939999999', { minWaitTimeEstimate: 15_000, maxWaitTimeEstimate: 45_000 }],
    ['2.94', { minWaitTimeEstimate: 15_000, maxWaitTimeEstimate: 60_000 }],
    ['2.940000001', { minWaitTimeEstimate: 0, maxWaitTimeEstimate: 60_000 }],
    ['500', { minWaitTimeEstimate: 0, maxWaitTimeEstimate: 60_000 }],
  ])('a tip of %s gwei waits %j', (tip, expected) => {
    expect(waitTimeForFee(suggestion, fee(tip))).toEqual(expected);
  });

  it('caps the tip at what the max fee leaves above the base fee', () => {
    expect(waitTimeForFee(suggestion, fee('50', '201.6'))).toEqual({ minWaitTimeEstimate: 15_000, maxWaitTimeEstimate: 45_000 }); // 1.6 left
    expect(waitTimeForFee(suggestion, fee('50', '200.5'))).toBeNull(); // 0.5 left: below low
    expect(waitTimeForFee(suggestion, fee('50', '150'))).toBeNull(); // under the base fee
  });

  it("gives each suggested level at least its own level's bounds", () => {
    for (const level of [suggestion.low, suggestion.medium, suggestion.high]) {
      expect(waitTimeForFee(suggestion, fee(level.suggestedMaxPriorityFeePerGas, level.suggestedMaxFeePerGas))).toEqual({
        minWaitTimeEstimate: level.minWaitTimeEstimate,
        maxWaitTimeEstimate: level.maxWaitTimeEstimate,
      });
    }
  });
});
