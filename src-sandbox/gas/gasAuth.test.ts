import { describe, expect, it } from 'vitest';
import { checkGasCredentials } from './gasAuth';

const KEY = 'k3y';
const SECRET = 's3cret';
const checks = {
  isValidKey: (key: string) => key === KEY,
  verifySecret: (key: string, secret: string) => key === KEY && secret === SECRET,
};
const basic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;
const check = (authorization: string | undefined, pathKey?: string) => checkGasCredentials(authorization, pathKey, checks);

describe('checkGasCredentials', () => {
  it.each([
    ['KEY:SECRET', basic(`${KEY}:${SECRET}`)],
    ['KEY:', basic(`${KEY}:`)],
    ['KEY', basic(KEY)],
    ['a lower-case scheme', `basic ${Buffer.from(`${KEY}:${SECRET}`).toString('base64')}`],
  ])('accepts basic %s', (_name, header) => {
    expect(check(header)).toEqual({ ok: true });
  });

  it('keeps everything after the first colon as the secret', () => {
    const colons = { ...checks, verifySecret: (key: string, secret: string) => key === KEY && secret === 'a:b:c' };
    expect(checkGasCredentials(basic(`${KEY}:a:b:c`), undefined, colons)).toEqual({ ok: true });
  });

  it('accepts a key in the path alone, or with matching basic credentials', () => {
    expect(check(undefined, KEY)).toEqual({ ok: true });
    expect(check(basic(`${KEY}:`), KEY)).toEqual({ ok: true });
  });

  it.each([
    ['nothing', undefined, undefined, /^missing credentials/],
    ['a wrong key', basic('other:'), undefined, /^invalid API key$/],
    ['a wrong key with a secret', basic(`other:${SECRET}`), undefined, /^invalid API key$/],
    ['a wrong secret', basic(`${KEY}:nope`), undefined, /^invalid API key secret$/],
    ['an empty key', basic(`:${SECRET}`), undefined, /^missing API key in the basic credentials$/],
    ['empty basic credentials', 'Basic ', undefined, /^malformed/],
    ['another scheme', `Bearer ${KEY}`, undefined, /^malformed/],
    ['base64 with bad padding', 'Basic azN5O', undefined, /^malformed/],
    ['base64 with junk', 'Basic azN5Og==!', undefined, /^malformed/],
    ['two tokens', `Basic ${Buffer.from(`${KEY}:`).toString('base64')} extra`, undefined, /^malformed/],
    ['a wrong path key', undefined, 'other', /^invalid API key$/],
    ['an empty path key', undefined, '', /^missing API key in the path/],
    ['a wrong path key with right basic credentials', basic(`${KEY}:${SECRET}`), 'other', /^invalid API key$/],
    ['a right path key with a wrong secret', basic(`${KEY}:nope`), KEY, /^invalid API key secret$/],
    ['a right path key with a malformed header', 'Bearer x', KEY, /^malformed/],
  ])('refuses %s', (_name, header, pathKey, reason) => {
    const result = check(header, pathKey);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.reason).toMatch(reason);
      expect(result.reason).not.toContain(SECRET);
    }
  });
});
