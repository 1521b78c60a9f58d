import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FEE_LEVELS } from './feeSuggestion';
import { feeSuggestionSchema } from './feeSuggestionSchema';
import type { FeeHistoryBlock, GasFeeInput } from './gasFeeInput';
import { gweiToWei } from './gwei';
import { PRIORITY_LEVEL_SETTINGS } from './priorityLevelSettings';
import { suggestGasFees } from './suggestGasFees';

const wei = fc.oneof(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.bigInt({ min: 0n, max: 10n ** 30n }));
/** A block's reward percentiles are non-decreasing (p10 <= p20 <= p30 <= p50 <= p95), as every node computes them. */
const rewards = fc.array(wei, { minLength: 5, maxLength: 5 }).map((values) => {
  const [p10, p20, p30, p50, p95] = values.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)) as [bigint, bigint, bigint, bigint, bigint];
  return { 10: p10, 20: p20, 30: p30, 50: p50, 95: p95 };
});
const input: fc.Arbitrary<GasFeeInput> = fc
  .record({
    first: fc.bigInt({ min: 0n, max: 10n ** 9n }),
    blocks: fc.array(fc.record({ baseFeePerGas: wei, rewards: fc.option(rewards, { nil: undefined }) }), { minLength: 1, maxLength: 260 }),
    nextBaseFeePerGas: wei,
  })
  .map(({ first, blocks, nextBaseFeePerGas }) => ({
    blocks: blocks.map(
      (b, i): FeeHistoryBlock => ({ number: first + BigInt(i), baseFeePerGas: b.baseFeePerGas, ...(b.rewards ? { rewards: b.rewards } : {}) }),
    ),
    nextBaseFeePerGas,
  }));

const runs = { numRuns: 500 };

describe('suggestGasFees properties', () => {
  it('answers the spec object: canonical gwei strings that parse back, congestion in [0, 1], known trends', () => {
    fc.assert(
      fc.property(input, (i) => {
        feeSuggestionSchema.parse(suggestGasFees(i));
      }),
      runs,
    );
  });

  it('never makes a higher level cheaper, in tip or in max fee', () => {
    fc.assert(
      fc.property(input, (i) => {
        const s = suggestGasFees(i);
        const [low, medium, high] = FEE_LEVELS.map((level) => s[level]);
        for (const [a, b] of [
          [low!, medium!],
          [medium!, high!],
        ] as const) {
          expect(gweiToWei(a.suggestedMaxPriorityFeePerGas)).toBeLessThanOrEqual(gweiToWei(b.suggestedMaxPriorityFeePerGas));
          expect(gweiToWei(a.suggestedMaxFeePerGas)).toBeLessThanOrEqual(gweiToWei(b.suggestedMaxFeePerGas));
        }
      }),
      runs,
    );
  });

  it('keeps every tip at or above its floor, and max fee = base fee * multiplier + tip >= base fee + tip', () => {
    fc.assert(
      fc.property(input, (i) => {
        const s = suggestGasFees(i);
        const base = i.blocks[i.blocks.length - 1]!.baseFeePerGas;
        expect(gweiToWei(s.estimatedBaseFee)).toBe(base);
        for (const level of FEE_LEVELS) {
          const tip = gweiToWei(s[level].suggestedMaxPriorityFeePerGas);
          const maxFee = gweiToWei(s[level].suggestedMaxFeePerGas);
          expect(tip).toBeGreaterThanOrEqual(PRIORITY_LEVEL_SETTINGS[level].minTip);
          expect(maxFee - tip).toBe((base * PRIORITY_LEVEL_SETTINGS[level].baseFeePercent) / 100n);
          expect(maxFee).toBeGreaterThanOrEqual(base + tip);
        }
      }),
      runs,
    );
  });

  it('matches an independent reading of the algorithm: tip = max(k-th smallest of the last 5 * x / 100, floor)', () => {
    fc.assert(
      fc.property(input, (i) => {
        const s = suggestGasFees(i);
        for (const level of FEE_LEVELS) {
          const { percentile, tipPercent, minTip } = PRIORITY_LEVEL_SETTINGS[level];
          const column = i.blocks.slice(-5).flatMap((b) => (b.rewards ? [b.rewards[percentile]] : []));
          // The lower median is the value with at least ceil(n / 2) values <= it and fewer below it.
          const need = Math.ceil(column.length / 2);
          const median = column.find((v) => column.filter((w) => w <= v).length >= need && column.filter((w) => w < v).length < need) ?? 0n;
          const tip = (median * tipPercent) / 100n;
          expect(gweiToWei(s[level].suggestedMaxPriorityFeePerGas)).toBe(tip > minTip ? tip : minTip);
        }
      }),
      runs,
    );
  });

  it('orders every range as [min, max] and keeps base fees within the historical range', () => {
    fc.assert(
      fc.property(input, (i) => {
        const s = suggestGasFees(i);
        for (const [min, max] of [s.latestPriorityFeeRange, s.historicalPriorityFeeRange, s.historicalBaseFeeRange]) {
          expect(gweiToWei(min)).toBeLessThanOrEqual(gweiToWei(max));
        }
        const base = gweiToWei(s.estimatedBaseFee);
        expect(gweiToWei(s.historicalBaseFeeRange[0])).toBeLessThanOrEqual(base);
        expect(gweiToWei(s.historicalBaseFeeRange[1])).toBeGreaterThanOrEqual(base);
      }),
      runs,
    );
  });

  it('says the base fee goes up exactly when the next one is higher', () => {
    fc.assert(
      fc.property(input, (i) => {
        const base = i.blocks[i.blocks.length - 1]!.baseFeePerGas;
        const expected = i.nextBaseFeePerGas > base ? 'up' : i.nextBaseFeePerGas < base ? 'down' : 'level';
        expect(suggestGasFees(i).baseFeeTrend).toBe(expected);
      }),
      runs,
    );
  });
});
