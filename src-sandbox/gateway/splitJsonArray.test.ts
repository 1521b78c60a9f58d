import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitJsonArray } from './splitJsonArray';

describe('splitJsonArray', () => {
  it('splits an array of objects into each object’s exact bytes', () => {
    const text = ' [ {"a":"x]}\\"{"} , {"b":[1,{"c":"\\\\"}]}]\n';
    expect(splitJsonArray(Buffer.from(text))?.map(String)).toEqual(['{"a":"x]}\\"{"}', '{"b":[1,{"c":"\\\\"}]}']);
    expect(splitJsonArray(Buffer.from('[]'))).toEqual([]);
  });

  it.each(['{}', '[1]', '["x"]', '[{},]', '[,{}]', '[{}{}]', '[{}', '[{}] x', '[[]]', '[{"a":"unterminated}]'])('refuses %s', (text) => {
    expect(splitJsonArray(Buffer.from(text))).toBeUndefined();
  });

  it('agrees with JSON.parse on any array of objects', () => {
    fc.assert(
      fc.property(fc.array(fc.dictionary(fc.string(), fc.jsonValue())), (objects) => {
        const parts = splitJsonArray(Buffer.from(JSON.stringify(objects)));
        expect(parts?.map((p) => JSON.parse(p.toString()))).toEqual(objects.map((o) => JSON.parse(JSON.stringify(o))));
      }),
      { numRuns: 300 },
    );
  });
});
