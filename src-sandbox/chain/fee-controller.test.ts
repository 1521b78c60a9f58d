import fc from 'fast-check';
import { parseGwei } from 'viem';
import { describe, expect, it } from 'vitest';
import { blockFill, DEFAULT_FEE_WAVE, targetBaseFee } from './fee-controller';

const wave = { minWei: parseGwei('2'), maxWei: parseGwei('32'), periodSeconds: 100 };
const near = (actual: bigint, expected: bigint) => expect(Number(actual) / Number(expected)).toBeCloseTo(1, 6);

describe('targetBaseFee', () => {
  it.each([
    [0, parseGwei('8')], // geometric middle of 2 and 32
    [25, parseGwei('32')], // crest
    [50, parseGwei('8')],
    [75, parseGwei('2')], // trough
    [100, parseGwei('8')],
  ])('at %i s of a 100 s wave is %s wei', (seconds, expected) => {
    near(targetBaseFee(seconds, wave), expected);
  });

  it('stays within the wave for any time', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e7, noNaN: true }), (t) => {
        const target = targetBaseFee(t, DEFAULT_FEE_WAVE);
        return target >= (DEFAULT_FEE_WAVE.minWei * 999n) / 1000n && target <= (DEFAULT_FEE_WAVE.maxWei * 1001n) / 1000n;
      }),
    );
  });
});

describe('blockFill', () => {
  it.each([
    ['at the target', parseGwei('10'), parseGwei('10'), 0.5],
    ['a zero base fee', 0n, parseGwei('10'), 0.9],
    ['far above the target', parseGwei('100'), parseGwei('1'), 0.05],
    ['far below the target', parseGwei('1'), parseGwei('100'), 0.9],
  ])('gives %s a fill of %s', (_name, baseFee, target, fill) => {
    expect(blockFill(baseFee, target)).toBeCloseTo(fill, 6);
  });

  it('fills under half the block above the target and over half below it', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.bigInt({ min: 1n, max: 10n ** 12n }), (baseFee, target) => {
        const fill = blockFill(baseFee, target);
        if (baseFee > target) return fill < 0.5;
        if (baseFee < target) return fill > 0.5;
        return fill === 0.5;
      }),
    );
  });
});
