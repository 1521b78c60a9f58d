import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimateFromSamples, sampleRanges, type RangeSample } from './estimateFromSamples';

describe('sampleRanges', () => {
  it.each<[string, number, number, { samples?: number; width?: number } | undefined, { from: number; to: number }[]]>([
    ['the whole of a small range in one piece', 100, 163, undefined, [{ from: 100, to: 163 }]],
    ['one block', 7, 7, undefined, [{ from: 7, to: 7 }]],
    ['nothing for an empty range', 10, 9, undefined, []],
    ['the whole range in even pieces when that is no more requests', 0, 129, { samples: 3, width: 64 }, [{ from: 0, to: 42 }, { from: 43, to: 85 }, { from: 86, to: 129 }]],
    ['spread samples from the first block to the last', 0, 999, { samples: 3, width: 10 }, [{ from: 0, to: 9 }, { from: 495, to: 504 }, { from: 990, to: 999 }]],
    ['one sample in the middle', 0, 99, { samples: 1, width: 10 }, [{ from: 45, to: 54 }]],
  ])('gives %s', (_, from, to, options, ranges) => {
    expect(sampleRanges(from, to, options)).toEqual(ranges);
  });

  it('keeps samples inside the range, in order, apart, and no wider than asked (property)', () => {
    fc.assert(
      fc.property(fc.nat(30_000_000), fc.nat(2_000_000), fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 5_000 }), (from, span, samples, width) => {
        const to = from + span;
        const ranges = sampleRanges(from, to, { samples, width });
        expect(ranges.length).toBeGreaterThan(0);
        expect(ranges.length).toBeLessThanOrEqual(samples);
        let end = from - 1;
        for (const range of ranges) {
          expect(range.from).toBeGreaterThan(end);
          expect(range.to).toBeGreaterThanOrEqual(range.from);
          expect(range.to - range.from + 1).toBeLessThanOrEqual(width);
          end = range.to;
        }
        expect(end).toBeLessThanOrEqual(to);
        const covered = ranges.reduce((sum, range) => sum + range.to - range.from + 1, 0);
        // Small ranges are covered whole, so their estimate is exact.
        if (span + 1 <= samples * width) expect(covered).toBe(span + 1);
      }),
      { numRuns: 500 },
    );
  });
});

describe('estimateFromSamples', () => {
  it('counts exactly when the samples cover the range', () => {
    expect(estimateFromSamples(0, 99, [{ from: 0, to: 49, logs: 3 }, { from: 50, to: 99, logs: 4 }])).toEqual({ logs: 7, low: 7, high: 7, sampledBlocks: 100, exact: true, overLimitSomewhere: false });
  });

  it('extrapolates the density over the blocks not sampled', () => {
    const estimate = estimateFromSamples(0, 999, [{ from: 0, to: 9, logs: 10 }, { from: 500, to: 509, logs: 30 }]);
    // 40 logs in 20 blocks: 2 a block, so 40 + 2 × 980. High: the busiest sample, 3 a block, over 980 blocks.
    expect(estimate).toEqual({ logs: 2_000, low: 40, high: 40 + 3 * 980, sampledBlocks: 20, exact: false, overLimitSomewhere: false });
  });

  it('bounds a range where no sample saw a log by the rule of three', () => {
    expect(estimateFromSamples(0, 10_099, [{ from: 0, to: 99, logs: 0 }])).toEqual({ logs: 0, low: 0, high: 300, sampledBlocks: 100, exact: false, overLimitSomewhere: false });
  });

  it('counts a refused sample as more than the limit, and says so', () => {
    expect(estimateFromSamples(0, 19, [{ from: 0, to: 9, logs: 'over' }, { from: 10, to: 19, logs: 5 }])).toEqual({ logs: 10_006, low: 10_006, high: 10_006, sampledBlocks: 20, exact: false, overLimitSomewhere: true });
    expect(estimateFromSamples(0, 29, [{ from: 0, to: 9, logs: 'over' }])).toMatchObject({ logs: 30_003, low: 10_001, overLimitSomewhere: true });
  });

  it('clips samples to the range and ignores overlapping ones', () => {
    expect(estimateFromSamples(10, 19, [{ from: 0, to: 14, logs: 5 }, { from: 12, to: 19, logs: 100 }, { from: 15, to: 19, logs: 1 }])).toMatchObject({ logs: 6, sampledBlocks: 10, exact: true });
  });

  it('knows nothing without samples, and everything about an empty range', () => {
    expect(estimateFromSamples(0, 99, [])).toEqual({ logs: 0, low: 0, high: 0, sampledBlocks: 0, exact: false, overLimitSomewhere: false });
    expect(estimateFromSamples(5, 4, [])).toEqual({ logs: 0, low: 0, high: 0, sampledBlocks: 0, exact: true, overLimitSomewhere: false });
  });

  const sampled = fc
    .record({ from: fc.nat(1_000_000), span: fc.nat(200_000), samples: fc.integer({ min: 1, max: 10 }), width: fc.integer({ min: 1, max: 2_000 }), seed: fc.array(fc.oneof(fc.nat(20_000), fc.constant('over' as const)), { minLength: 10, maxLength: 10 }) })
    .map(({ from, span, samples, width, seed }) => {
      const ranges = sampleRanges(from, from + span, { samples, width });
      const answers: RangeSample[] = ranges.map((range, i) => ({ ...range, logs: seed[i % seed.length]! }));
      return { from, to: from + span, answers };
    });

  it('keeps low ≤ logs ≤ high, and is exact, the sum, when the whole range was sampled and answered (property)', () => {
    fc.assert(
      fc.property(sampled, ({ from, to, answers }) => {
        const estimate = estimateFromSamples(from, to, answers);
        expect(estimate.low).toBeLessThanOrEqual(estimate.logs);
        expect(estimate.logs).toBeLessThanOrEqual(estimate.high);
        expect(Number.isInteger(estimate.logs) && Number.isInteger(estimate.high)).toBe(true);
        const covered = answers.reduce((sum, range) => sum + range.to - range.from + 1, 0);
        expect(estimate.sampledBlocks).toBe(covered);
        expect(estimate.overLimitSomewhere).toBe(answers.some((answer) => answer.logs === 'over'));
        const whole = covered === to - from + 1 && !estimate.overLimitSomewhere;
        expect(estimate.exact).toBe(whole);
        if (whole) expect(estimate.logs).toBe(answers.reduce((sum, answer) => sum + (answer.logs as number), 0));
      }),
      { numRuns: 500 },
    );
  });
});
