import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../secrets/redactSecrets';
import { toApiError } from './toApiError';

describe('toApiError', () => {
  it('keeps the fields of a service error', () => {
    const thrown = Object.assign(new Error('long message'), { name: 'KeychainUnavailableError', shortMessage: 'No keychain.', details: 'Install one.', code: 'KEYCHAIN', data: { tries: 2 } });
    expect(toApiError(thrown, (text) => text)).toEqual({ name: 'KeychainUnavailableError', shortMessage: 'No keychain.', details: 'Install one.', code: 'KEYCHAIN', data: { tries: 2 } });
  });

  it('makes data JSON-safe: bigints as hex, no functions, no cycles', () => {
    const data: Record<string, unknown> = { big: 255n, negative: -16n, fn: () => 1, nan: Number.NaN, when: new Date(0) };
    data.self = data;
    expect(toApiError({ name: 'E', shortMessage: 's', data }, (text) => text).data).toEqual({
      big: '0xff',
      negative: '-0x10',
      nan: null,
      when: '1970-01-01T00:00:00.000Z',
      self: '[circular]',
    });
  });

  it('drops codes that are neither strings nor numbers', () => {
    expect(toApiError({ name: 'E', shortMessage: 's', code: { nested: true } }, (text) => text)).toEqual({ name: 'E', shortMessage: 's' });
  });

  it('leaves no trace of a secret anywhere in the error, whatever the error holds (property)', () => {
    const secret = fc.stringMatching(/^[A-Za-z0-9]{8,40}$/);
    // Values where the secret may appear in any string, key or nesting, as is or URL-encoded.
    const withSecret = (key: string) => {
      const text = fc.oneof(fc.string(), fc.constant(key), fc.string().map((prefix) => `${prefix}/v3/${key}?x=${encodeURIComponent(key)}`));
      return fc.letrec((tie) => ({
        value: fc.oneof({ depthSize: 'small' }, text, fc.integer(), fc.bigInt(), fc.constant(null), fc.array(tie('value'), { maxLength: 4 }), fc.dictionary(text, tie('value'), { maxKeys: 4 })),
      })).value;
    };
    fc.assert(
      fc.property(
        secret.chain((key) => fc.tuple(fc.constant(key), withSecret(key), withSecret(key), fc.string())),
        ([key, data, details, name]) => {
          const error = toApiError({ name: name + key, shortMessage: `failed at ${key}`, details: JSON.stringify(details, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)), code: key, data }, (text) => redactSecrets(text, [key]));
          expect(JSON.stringify(error)).not.toContain(key);
        },
      ),
      { numRuns: 300 },
    );
  });
});
