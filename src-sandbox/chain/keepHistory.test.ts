import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { throughTransform } from '../testing/throughTransform';
import { keepHistory } from './keepHistory';

/** Runs `input` through the transform in the given chunk sizes. */
const run = (input: string, keep: (hash: string) => boolean, sizes: number[] = []) => throughTransform(input, keepHistory(keep), sizes);

const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

/** A dump shaped like Anvil's: historical_states last, pairs of [hash, state] with strings full of brackets. */
function dump(count: number, extra = 'x') {
  return {
    block: { number: '0x5' },
    accounts: { '0xab': { storage: { '0x1': '0x2' }, code: '0x"[]{}' } },
    historical_states: Array.from({ length: count }, (_, i) => [hash(i), { accounts: { a: { code: `0x${extra}"]}[{` } }, block_hashes: { [String(i)]: hash(i) } }]),
    best_block_number: '0x5',
  };
}

describe('keepHistory', () => {
  it('keeps only the pairs whose block hash is kept, and everything else as it was', async () => {
    const input = dump(6);
    const output = JSON.parse(await run(JSON.stringify(input, null, 1), (h) => h === hash(1) || h === hash(4)));
    expect(output).toEqual({ ...input, historical_states: [input.historical_states[1], input.historical_states[4]] });
  });

  it('writes a valid empty array when no pair is kept', async () => {
    const input = dump(3);
    expect(JSON.parse(await run(JSON.stringify(input), () => false))).toEqual({ ...input, historical_states: [] });
  });

  it('gives the same answer whatever the chunk boundaries and whichever pairs are kept', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 8 }),
        fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
        fc.array(fc.integer({ min: 1, max: 64 }), { maxLength: 200 }),
        fc.string(),
        fc.boolean(),
        async (count, kept, sizes, extra, pretty) => {
          const input = dump(count, extra);
          const keep = (h: string) => kept[Number.parseInt(h, 16)] ?? false;
          const output = JSON.parse(await run(JSON.stringify(input, null, pretty ? 2 : undefined), keep, sizes));
          expect(output).toEqual({ ...input, historical_states: input.historical_states.filter((_, i) => kept[i]) });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses a dump cut off inside the history (a torn file is never taken for a whole one)', async () => {
    const whole = JSON.stringify(dump(3));
    await expect(run(whole.slice(0, whole.indexOf('block_hashes')), () => true)).rejects.toThrow('ended inside a value');
  });
});

describe('keepHistory on torn dumps', () => {
  it('refuses a dump cut anywhere before its end, and an empty one', async () => {
    const whole = JSON.stringify(dump(2));
    await expect(run('', () => true)).rejects.toThrow('empty');
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: whole.length - 1 }), async (cut) => {
        await expect(run(whole.slice(0, cut), () => true)).rejects.toThrow('ended inside a value');
      }),
      { numRuns: 200 },
    );
  });
});
