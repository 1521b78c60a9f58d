import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeDropped } from './droppedBlocks';

const hex = (n: number) => `0x${n.toString(16)}`;

describe('mergeDropped', () => {
  it('joins ranges that overlap or touch, and keeps the others apart, sorted', () => {
    expect(mergeDropped([[{ from: '0xa', to: '0xf' }], undefined, [{ from: '0x1', to: '0x3' }, { from: '0x10', to: '0x12' }]])).toEqual([
      { from: '0x1', to: '0x3' },
      { from: '0xa', to: '0x12' },
    ]);
    expect(mergeDropped([])).toEqual([]);
  });

  it('covers exactly the blocks of its inputs', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.tuple(fc.nat(60), fc.nat(10)), { maxLength: 4 }), { maxLength: 4 }), (lists) => {
        const input = lists.map((list) => list.map(([from, width]) => ({ from: hex(from), to: hex(from + width) })));
        const blocks = new Set(lists.flat().flatMap(([from, width]) => Array.from({ length: width + 1 }, (_, i) => from + i)));
        const merged = mergeDropped(input);
        const covered = merged.flatMap((range) => Array.from({ length: Number(range.to) - Number(range.from) + 1 }, (_, i) => Number(range.from) + i));
        expect(new Set(covered)).toEqual(blocks);
        expect(covered.length).toBe(blocks.size); // no block twice
        merged.forEach((range, i) => i > 0 && expect(Number(range.from)).toBeGreaterThan(Number(merged[i - 1]!.to) + 1));
      }),
    );
  });
});
