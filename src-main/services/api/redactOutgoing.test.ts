import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allSecretForms } from '../secrets/secretForms';
import { redactSecrets } from '../secrets/redactSecrets';
import { redactOutgoing } from './redactOutgoing';

/** Every string and object key in a JSON value. */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([key, item]) => [key, ...stringsOf(item)]);
  return [];
}

const KEY = 'k3y0123456789abcdef0123456789abc';
const redactKey = (text: string) => redactSecrets(text, [KEY]);

describe('redactOutgoing', () => {
  it('sends a message without a secret as it is, the same text', () => {
    const json = JSON.stringify({ t: 'result', id: 1, ok: true, value: { rows: [1, 2, 3], text: 'key-free' } });
    expect(redactOutgoing(json, redactKey)).toBe(json);
  });

  it('removes a secret from a result, an event and an error, in values and keys, keeping everything else', () => {
    const message = {
      t: 'event',
      id: 7,
      payload: { kind: 'error', error: { name: 'GasApiError', kind: 'unreachable', shortMessage: `failed at https://gas.example/v3/${KEY}` }, [KEY]: 1, ok: true, n: 3.5, none: null },
    };
    const sent = JSON.parse(redactOutgoing(JSON.stringify(message), redactKey)) as typeof message;
    expect(JSON.stringify(sent)).not.toContain(KEY);
    expect(sent.payload.error.shortMessage).toBe('failed at https://gas.example/v3/<redacted>');
    expect(sent.payload).toMatchObject({ kind: 'error', ok: true, n: 3.5, none: null, '<redacted>': 1 });
    expect(sent.id).toBe(7);
  });

  it('keeps the text well-formed JSON and free of every secret, whatever the secret and the message', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 12 }), fc.jsonValue(), fc.nat(), (secret, value, at) => {
        const redact = (text: string) => redactSecrets(text, [secret]);
        // The secret planted in a string of the message, also in a key.
        const text = `before ${secret} after`;
        const message = { t: 'result', id: at, ok: true, value: { value, text, [secret]: 'k' } };
        const sent = redactOutgoing(JSON.stringify(message), redact);
        const parsed = JSON.parse(sent) as unknown; // throws if not JSON
        // Every string and key of what is sent (numbers, true, false and null hold no secret, though their
        // text may look like one: `1e+21` and the form "+" of a secret " ").
        const texts = stringsOf(parsed);
        for (const form of allSecretForms([secret])) for (const piece of texts) expect(piece).not.toContain(form);
      }),
      { numRuns: 300 },
    );
  });
});
