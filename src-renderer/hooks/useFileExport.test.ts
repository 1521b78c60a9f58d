import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { notInFile } from './useFileExport';

describe('notInFile', () => {
  it('says nothing when no block was passed over', () => {
    expect(notInFile(undefined)).toBe('');
    expect(notInFile([])).toBe('');
  });

  it('names each run of blocks the node no longer keeps, grouped, after what the file holds', () => {
    expect(notInFile([{ from: '0xf5', to: '0x508' }])).toBe(' Not in it: what blocks 245–1,288 held, which the node no longer keeps.');
    expect(notInFile([{ from: '0xf5', to: '0xf5' }])).toBe(' Not in it: what block 245 held, which the node no longer keeps.');
    expect(notInFile([{ from: '0x1', to: '0x2' }, { from: '0xa', to: '0xa' }, { from: '0x2710', to: '0x4e20' }])).toBe(
      ' Not in it: what blocks 1–2, 10 and 10,000–20,000 held, which the node no longer keeps.',
    );
  });

  it('names every run given, whatever the blocks', () => {
    const run = fc.tuple(fc.bigInt({ min: 0n, max: 2n ** 64n }), fc.bigInt({ min: 0n, max: 1000n })).map(([from, length]) => ({ from: `0x${from.toString(16)}`, to: `0x${(from + length).toString(16)}` }));
    fc.assert(
      fc.property(fc.array(run, { minLength: 1, maxLength: 6 }), (runs) => {
        const said = notInFile(runs);
        expect(said).toMatch(/^ Not in it: what blocks? .+ held, which the node no longer keeps\.$/);
        for (const { from } of runs) expect(said.replace(/,/g, '')).toContain(BigInt(from).toString(10));
      }),
    );
  });
});
