import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countedPieces, type CountedRange } from './countedPieces';

describe('countedPieces', () => {
  it('joins adjacent counted ranges up to the limit and the widest range; leaves ranges over the limit and gaps out', () => {
    const counted: CountedRange[] = [
      { from: 121, to: 128, logs: 9_600 },
      { from: 129, to: 136, logs: 9_600 },
      { from: 168, to: 182, logs: 3_600 },
      { from: 183, to: 213, logs: 0 },
      { from: 214, to: 229, logs: 0 },
      { from: 238, to: 241, logs: 'over' },
      { from: 242, to: 244, logs: 8_000 },
      { from: 245, to: 250, logs: 1_000 },
    ];
    expect(countedPieces(counted, 121, 250, 10_000, 10_000)).toEqual([
      { from: 121, to: 128 },
      { from: 129, to: 136 },
      { from: 168, to: 229 },
      { from: 242, to: 250 },
    ]);
    // No wider than the widest range a request may span.
    expect(countedPieces(counted, 121, 250, 10_000, 40)).toEqual([
      { from: 121, to: 128 },
      { from: 129, to: 136 },
      { from: 168, to: 182 },
      { from: 183, to: 213 },
      { from: 214, to: 229 },
      { from: 242, to: 250 },
    ]);
  });

  it('clips to the run range, which may have moved since the pre-flight, and takes ranges in any order', () => {
    const counted: CountedRange[] = [
      { from: 20, to: 29, logs: 5 },
      { from: 0, to: 9, logs: 5 },
      { from: 10, to: 19, logs: 5 },
    ];
    expect(countedPieces(counted, 5, 24, 100, 1_000)).toEqual([{ from: 5, to: 24 }]);
    expect(countedPieces(counted, 40, 50, 100, 1_000)).toEqual([]);
  });

  it('makes sorted, disjoint pieces inside the range, each within the limits and made of counted ranges whole or clipped', () => {
    const counted = fc.array(fc.record({ from: fc.integer({ min: 0, max: 300 }), width: fc.integer({ min: 1, max: 40 }), logs: fc.oneof(fc.integer({ min: 0, max: 120 }), fc.constant('over' as const)) }), { maxLength: 25 });
    fc.assert(
      fc.property(counted, fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 200 }), fc.integer({ min: 1, max: 200 }), fc.integer({ min: 1, max: 80 }), (raw, from, width, limit, maxBlocks) => {
        const ranges: CountedRange[] = raw.map((r) => ({ from: r.from, to: r.from + r.width - 1, logs: r.logs }));
        const to = from + width;
        const pieces = countedPieces(ranges, from, to, limit, maxBlocks);
        // Logs a block may hold at most, by the counts that cover it (a block under 'over' may hold any number).
        const most = (block: number) => Math.min(...ranges.filter((r) => r.from <= block && block <= r.to).map((r) => (r.logs === 'over' ? Number.POSITIVE_INFINITY : r.logs)));
        let next = from;
        for (const piece of pieces) {
          expect(piece.from).toBeGreaterThanOrEqual(next);
          expect(piece.to).toBeGreaterThanOrEqual(piece.from);
          expect(piece.to).toBeLessThanOrEqual(to);
          expect(piece.to - piece.from + 1).toBeLessThanOrEqual(maxBlocks);
          // Every block of a piece is counted by a range that is not over the limit.
          for (let block = piece.from; block <= piece.to; block++) expect(most(block)).toBeLessThanOrEqual(limit);
          next = piece.to + 1;
        }
      }),
      { numRuns: 300 },
    );
  });
});
