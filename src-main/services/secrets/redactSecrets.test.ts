import { describe, expect, it } from 'vitest';
import { basicAuthToken } from './basicAuthorization';
import { containsSecret } from './containsSecret';
import { redactSecrets } from './redactSecrets';
import { secretForms } from './secretForms';

const KEY = '9aa3d95b3bc440fa88ea12eaa4456161';

describe('redactSecrets', () => {
  it.each([
    [`HTTP request failed. URL: https://mainnet.infura.io/v3/${KEY}`, 'HTTP request failed. URL: https://mainnet.infura.io/v3/<redacted>'],
    [`{"url":"wss://mainnet.infura.io/ws/v3/${KEY}","key":"${KEY}"}`, '{"url":"wss://mainnet.infura.io/ws/v3/<redacted>","key":"<redacted>"}'],
    [`${KEY}${KEY}`, '<redacted><redacted>'],
    ['nothing to hide', 'nothing to hide'],
  ])('redacts %s', (text, expected) => {
    expect(redactSecrets(text, [KEY])).toBe(expected);
  });

  it('redacts URL-encoded and JSON-escaped forms', () => {
    const key = 'k/ey+with?odd"chars\\&ü';
    const text = [key, encodeURIComponent(key), encodeURIComponent(key).toLowerCase(), encodeURI(key), JSON.stringify(key)].join(' | ');
    expect(redactSecrets(text, [key])).toBe('<redacted> | <redacted> | <redacted> | <redacted> | "<redacted>"');
  });

  it('redacts several secrets, the longest first, and the basic-auth token', () => {
    const secret = 'sekret-0001';
    const token = basicAuthToken(KEY, secret);
    const text = `authorization: Basic ${token}; key=${KEY}; secret=${secret}; both=${KEY}${secret}`;
    expect(redactSecrets(text, [secret, KEY, token])).toBe(
      'authorization: Basic <redacted>; key=<redacted>; secret=<redacted>; both=<redacted><redacted>',
    );
  });

  it('switches marker when a secret is part of "<redacted>", and never leaves the secret', () => {
    expect(redactSecrets('keep the key e safe', ['e'])).toBe('k[REDACTED][REDACTED]p th[REDACTED] k[REDACTED]y [REDACTED] saf[REDACTED]');
    const tricky = redactSecrets('d>d>d', ['d>d', 'x']);
    expect(tricky).not.toContain('d>d');
  });

  it('removes secrets outright when every marker contains one', () => {
    expect(redactSecrets('a*#b', ['*', '#', 'R', 'e'])).toBe('ab');
  });

  it('ignores empty secrets', () => {
    expect(redactSecrets('text', ['', ''])).toBe('text');
    expect(secretForms('')).toEqual([]);
  });
});

describe('containsSecret', () => {
  it('finds a key in any form, and nothing in clean text', () => {
    expect(containsSecret(`https://x/v3/${KEY}`, [KEY])).toBe(true);
    expect(containsSecret(JSON.stringify({ url: `https://x/?k=${encodeURIComponent('a b/c')}` }), ['a b/c'])).toBe(true);
    expect(containsSecret('https://x/v3/', [KEY])).toBe(false);
    expect(containsSecret('anything', [])).toBe(false);
  });
});
