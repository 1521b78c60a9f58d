import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redactSecrets } from './redactSecrets';
import { secretForms } from './secretForms';

// Keys as the store accepts them (printable, no spaces), and anything at all (the function must not care).
const storeKey = fc.string({ minLength: 1, maxLength: 64, unit: 'grapheme' }).filter((s) => /^[^\p{White_Space}\p{C}]+$/u.test(s));
const anyKey = fc.string({ minLength: 1, maxLength: 40, unit: 'binary' });
const hexKey = fc.string({ minLength: 32, maxLength: 32, unit: fc.constantFrom(...'0123456789abcdef') });
const key = fc.oneof(hexKey, storeKey, anyKey);
const text = fc.string({ maxLength: 80, unit: 'binary' });

/** A place a key ends up in: inside text, a URL path, a query, a JSON document. */
const embedding = fc.constantFrom(
  (k: string) => k,
  (k: string) => `https://mainnet.infura.io/v3/${encodeURIComponentSafe(k)}`,
  (k: string) => `wss://x.example/ws/v3/${k}?a=1`,
  (k: string) => `https://x.example/rpc?apikey=${encodeURIComponentSafe(k).toLowerCase()}`,
  (k: string) => JSON.stringify({ url: `https://x.example/${k}`, nested: [k] }),
  (k: string) => `${encodeURISafe(k)}#${k}`,
);

function encodeURIComponentSafe(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value;
  }
}

function encodeURISafe(value: string): string {
  try {
    return encodeURI(value);
  } catch {
    return value;
  }
}

describe('redactSecrets (properties)', () => {
  it('leaves no key, in any form, wherever keys are embedded in random text and URLs', () => {
    fc.assert(
      fc.property(fc.array(key, { minLength: 1, maxLength: 3 }), fc.array(fc.tuple(text, embedding, fc.nat()), { maxLength: 6 }), text, (keys, parts, tail) => {
        const input = parts.map(([before, embed, i]) => before + embed(keys[i % keys.length] ?? '')).join('') + tail;
        const output = redactSecrets(input, keys);
        for (const k of keys) for (const form of secretForms(k)) expect(output).not.toContain(form);
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves text without keys untouched', () => {
    fc.assert(
      fc.property(hexKey, fc.string({ maxLength: 200, unit: fc.constantFrom(...'ghijklmnopqrstuvwxyz /:.?=&') }), (k, clean) => {
        expect(redactSecrets(clean, [k])).toBe(clean);
      }),
    );
  });
});
