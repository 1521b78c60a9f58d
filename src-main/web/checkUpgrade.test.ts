import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkToken } from './checkToken';
import { checkUpgrade } from './checkUpgrade';
import { createAccessToken } from './createAccessToken';
import { isAllowedHost } from './isAllowedHost';
import { isAllowedOrigin } from './isAllowedOrigin';

const PORT = 41234;
const TOKEN = createAccessToken();
const good = { url: '/api', host: `127.0.0.1:${PORT}`, origin: `http://127.0.0.1:${PORT}`, protocol: `blockglass, blockglass.${TOKEN}` };

describe('createAccessToken', () => {
  it('makes 32 random bytes as base64url, different each time', () => {
    expect(TOKEN).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(TOKEN, 'base64url')).toHaveLength(32);
    expect(createAccessToken()).not.toBe(TOKEN);
  });
});

describe('checkToken', () => {
  it.each([
    [`blockglass, blockglass.${TOKEN}`, 'ok'],
    [`blockglass.${TOKEN},blockglass`, 'ok'],
    [`blockglass.${TOKEN}`, 'no-subprotocol'],
    [undefined, 'no-subprotocol'],
    ['blockglass', 'missing'],
    [`blockglass, blockglass.${TOKEN.slice(1)}`, 'wrong'],
    [`blockglass, blockglass.${TOKEN}x`, 'wrong'],
    [`blockglass, blockglass.${TOKEN.toUpperCase()}`, 'wrong'],
    [`blockglass, blockglass.${TOKEN}, blockglass.other`, 'wrong'],
    ['blockglass, blockglass.', 'wrong'],
  ])('%s → %s', (header, verdict) => {
    expect(checkToken(header, TOKEN)).toBe(verdict);
  });

  it('never accepts an empty expected token', () => {
    expect(checkToken('blockglass, blockglass.', '')).toBe('wrong');
  });

  it('accepts nothing but the exact token (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (guess, noise) => {
        fc.pre(guess !== TOKEN);
        expect(checkToken(`blockglass, blockglass.${guess}`, TOKEN)).not.toBe('ok');
        expect(checkToken(noise, TOKEN)).not.toBe('ok');
      }),
      { numRuns: 2000 },
    );
  });
});

describe('isAllowedOrigin', () => {
  it.each([
    [`http://127.0.0.1:${PORT}`, true],
    [`http://localhost:${PORT}`, false],
    [`https://127.0.0.1:${PORT}`, false],
    [`http://127.0.0.1:${PORT + 1}`, false],
    [`http://127.0.0.1:${PORT}/`, false],
    [`http://127.0.0.1`, false],
    [`http://127.0.0.1:${PORT}.evil.example`, false],
    [`http://evil.example`, false],
    ['null', false],
    ['file://', false],
    ['', false],
    [undefined, false],
  ])('%s → %s', (origin, allowed) => {
    expect(isAllowedOrigin(origin, PORT)).toBe(allowed);
  });

  it('allows exactly one origin (property)', () => {
    fc.assert(fc.property(fc.oneof(fc.webUrl(), fc.string()), (origin) => {
      expect(isAllowedOrigin(origin, PORT)).toBe(origin === `http://127.0.0.1:${PORT}`);
    }));
  });
});

describe('isAllowedHost', () => {
  it.each([
    [`127.0.0.1:${PORT}`, true],
    [`localhost:${PORT}`, false],
    ['127.0.0.1', false],
    [`evil.example:${PORT}`, false],
    [`127.0.0.1:${PORT}@evil.example`, false],
    [undefined, false],
  ])('%s → %s', (host, allowed) => {
    expect(isAllowedHost(host, PORT)).toBe(allowed);
  });
});

describe('checkUpgrade', () => {
  it('accepts the window with its token', () => {
    expect(checkUpgrade(good, { port: PORT, token: TOKEN })).toEqual({ ok: true });
    expect(checkUpgrade({ ...good, url: '/api?x=1' }, { port: PORT, token: TOKEN })).toEqual({ ok: true });
  });

  it.each([
    [{ url: '/' }, 404, 'not the API path'],
    [{ url: '/api/' }, 404, 'not the API path'],
    [{ url: '/API' }, 404, 'not the API path'],
    [{ host: `localhost:${PORT}` }, 403, 'Host header is not 127.0.0.1:<port>'],
    [{ origin: undefined }, 403, 'no Origin header'],
    [{ origin: 'https://evil.example' }, 403, "Origin is not the host's own"],
    [{ protocol: 'blockglass' }, 401, 'no access token'],
    [{ protocol: `blockglass, blockglass.${'A'.repeat(43)}` }, 401, 'wrong access token'],
    [{ protocol: `chat, blockglass.${TOKEN}` }, 400, 'the blockglass subprotocol was not offered'],
  ])('refuses %j with %i (%s)', (change, status, reason) => {
    expect(checkUpgrade({ ...good, ...change }, { port: PORT, token: TOKEN })).toEqual({ ok: false, status, reason });
  });

  it('checks Origin before the token, so a foreign page learns nothing about it', () => {
    expect(checkUpgrade({ ...good, origin: 'https://evil.example', protocol: 'blockglass, blockglass.x' }, { port: PORT, token: TOKEN })).toMatchObject({ status: 403 });
  });
});
