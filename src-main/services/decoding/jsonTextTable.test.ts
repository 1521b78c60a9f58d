import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonTextTable } from './jsonTextTable';

import { sevmDatabaseFolder } from './signatureDatabase';

const sevmFolder = sevmDatabaseFolder();

describe('jsonTextTable', () => {
  it.each(['functionHashes.min.json', 'eventHashes.min.json'])('answers as JSON.parse does for every key of sevm’s %s, and nothing for absent keys', (file) => {
    const text = fs.readFileSync(path.join(sevmFolder, file), 'utf8');
    const parsed = JSON.parse(text) as Record<string, string>;
    const table = jsonTextTable(text)!;
    expect(table).toBeDefined();
    const keys = Object.keys(parsed);
    // Every key (140,000 look-ups would take minutes: each scans the text): a fixed stride through all of them, plus the ends.
    for (let i = 0; i < keys.length; i += Math.ceil(keys.length / 400)) expect(table.get(keys[i]!)).toBe(parsed[keys[i]!]);
    expect(table.get(keys[0]!)).toBe(parsed[keys[0]!]);
    expect(table.get(keys.at(-1)!)).toBe(parsed[keys.at(-1)!]);
    expect(table.get('zz')).toBeUndefined();
    expect(table.values()).toHaveLength(keys.length);
  });

  it('matches keys only, never a value or part of a key, on any flat object of hex keys and plain strings', () => {
    // Strings JSON writes without escapes: no quote, backslash or control character; values often look like keys.
    const hex = fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 1, maxLength: 6 });
    const plain = fc.oneof(hex, fc.string({ maxLength: 12 }).filter((text) => [...text].every((char) => char !== '"' && char !== '\\' && char.charCodeAt(0) >= 0x20)));
    fc.assert(
      fc.property(fc.dictionary(hex, plain, { maxKeys: 20 }), hex, (object, probe) => {
        const table = jsonTextTable(JSON.stringify(object))!;
        for (const key of Object.keys(object)) expect(table.get(key)).toBe(object[key]);
        expect(table.get(probe)).toBe(Object.hasOwn(object, probe) ? object[probe] : undefined);
      }),
    );
  });

  it('declines a text with escapes or that is not an object, so the caller parses it, and answers nothing for a key that is not hex', () => {
    expect(jsonTextTable('{"a:":"b"}')!.get('a:')).toBeUndefined();
    expect(jsonTextTable('{"a":"x\\"y"}')).toBeUndefined();
    expect(jsonTextTable('["a"]')).toBeUndefined();
  });
});
