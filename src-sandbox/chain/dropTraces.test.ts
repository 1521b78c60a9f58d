import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { throughTransform } from '../testing/throughTransform';
import { dropTraces } from './dropTraces';

/** Runs `input` through the transform in the given chunk sizes. */
const run = (input: string, sizes: number[] = []) => throughTransform(input, dropTraces(), sizes);

/** The reference: the parsed value with every array under a `traces` key emptied. */
function expected(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(expected);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, key === 'traces' && Array.isArray(inner) ? [] : expected(inner)]));
  }
  return value;
}

describe('dropTraces', () => {
  it("empties the traces of an Anvil snapshot's transactions and keeps everything else", async () => {
    const snapshot = {
      transactions: [
        { info: { traces: [{ parent: null, children: [1], trace: { data: '0x9b"[]{}', logs: [{ topics: ['0x1'] }] } }], exit: 'Stop' }, receipt: { logs: [{ data: '0x' }] } },
        { info: { traces: [], gas_used: 21000 }, receipt: { status: '0x1' } },
      ],
      blocks: [{ header: { number: '0x1' } }],
    };
    const output = await run(JSON.stringify(snapshot, null, 2));
    expect(JSON.parse(output)).toEqual(expected(snapshot));
    expect(output).toContain('"traces": []');
  });

  it('leaves strings that read "traces", keys with escapes, and non-array traces alone', async () => {
    const input = '{"a":"traces","tr\\u0061ces":[1],"b":["traces",":",[2]],"traces":null,"x":{"traces" : {"k":[3]}}}';
    expect(JSON.parse(await run(input))).toEqual(JSON.parse(input));
  });

  it('gives what parsing, emptying and re-reading gives, for any JSON and any chunking (fast-check)', async () => {
    const key = fc.oneof(fc.constant('traces'), fc.constant('trace'), fc.constant('tracess'), fc.string({ maxLength: 8 }));
    const json = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, fc.string(), fc.integer(), fc.boolean(), fc.constant(null), tie('array'), tie('object')),
      array: fc.array(tie('value'), { maxLength: 4 }),
      object: fc.dictionary(key, tie('value'), { maxKeys: 4 }),
    })).value;
    await fc.assert(
      fc.asyncProperty(json, fc.array(fc.integer({ min: 1, max: 7 }), { maxLength: 40 }), fc.boolean(), async (value, sizes, pretty) => {
        const output = await run(JSON.stringify(value, null, pretty ? 1 : undefined), sizes);
        expect(JSON.parse(output)).toEqual(expected(value));
      }),
      { numRuns: 500 },
    );
  });

  it('fails on a text that ends inside the dropped array', async () => {
    await expect(run('{"traces":[1,[2')).rejects.toThrow('the JSON text ended inside a value');
  });
});
