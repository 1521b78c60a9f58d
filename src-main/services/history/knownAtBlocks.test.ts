import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KnownAtBlocks } from './knownAtBlocks';

const blocks = fc.array(fc.bigInt({ min: 0n, max: 200n }), { maxLength: 40 });

describe('KnownAtBlocks', () => {
  it('finds the known block strictly inside an interval nearest its middle, the lower of two as near (property)', () => {
    fc.assert(
      fc.property(blocks, fc.bigInt({ min: -2n, max: 202n }), fc.bigInt({ min: 0n, max: 60n }), (points, low, span) => {
        const known = new KnownAtBlocks<number>(points.map((block) => [block, Number(block)]));
        const high = low + span;
        const middle = (low + high) / 2n;
        const distance = (block: bigint) => (block > middle ? block - middle : middle - block);
        const inside = [...new Set(points)].filter((block) => block > low && block < high).sort((a, b) => (a < b ? -1 : 1));
        const expected = inside.reduce<bigint | undefined>((best, block) => (best === undefined || distance(block) < distance(best) ? block : best), undefined);
        expect(known.between(low, high)).toBe(expected);
      }),
    );
  });

  it('keeps the first value set at a block, and lists every block once, oldest first (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.bigInt({ min: 0n, max: 50n }), fc.string()), { maxLength: 40 }), (points) => {
        const known = new KnownAtBlocks<string>();
        for (const [block, value] of points) known.set(block, value);
        const first = new Map<bigint, string>();
        for (const [block, value] of points) if (!first.has(block)) first.set(block, value);
        expect(known.entries()).toEqual([...first].sort(([a], [b]) => (a < b ? -1 : 1)));
        for (const [block, value] of first) expect(known.get(block)).toBe(value);
        expect(known.get(51n)).toBeUndefined();
      }),
    );
  });
});
