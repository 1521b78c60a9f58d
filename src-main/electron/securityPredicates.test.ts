import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAllowedNavigation } from './isAllowedNavigation';
import { isAllowedPermission } from './isAllowedPermission';
import { isSafeExternalUrl } from './isSafeExternalUrl';
import { isTrustedSender, senderRefusal } from './isTrustedSender';

const DEV = ['http://localhost:5173'];

// URLs an attacker would try to pass off as the app's own.
const lookalikes = [
  'app://blockglass.evil.example/',
  'app://evil.example/',
  'app://blockglass@evil.example/',
  'app://evil@blockglass/',
  'app://blockglass:443/',
  'app://BLOCKGLASS.evil/',
  'apps://blockglass/',
  'app:blockglass/',
  'file:///work/main/out/renderer/index.html',
  'http://blockglass/',
  'https://blockglass/',
  'javascript:alert(1)',
  'data:text/html,<script>1</script>',
  'about:blank',
  'chrome://settings',
  'devtools://devtools/bundled/inspector.html',
  '',
  'not a url',
];

describe('isTrustedSender', () => {
  it('trusts the top frame of the app', () => {
    expect(isTrustedSender('app://blockglass/', true)).toBe(true);
    expect(isTrustedSender('app://blockglass/settings/networks?x=1#y', true)).toBe(true);
    // Chromium lowercases a standard scheme's host, so a frame's URL always reads `blockglass`; other spellings are refused.
    expect(isTrustedSender('app://BLOCKGLASS/', true)).toBe(false);
  });

  it('refuses sub-frames, even of the app', () => {
    expect(senderRefusal('app://blockglass/', false)).toBe('not the top frame');
  });

  it.each(lookalikes)('refuses %j', (url) => {
    expect(isTrustedSender(url, true)).toBe(false);
  });

  it('refuses a missing URL', () => {
    expect(senderRefusal(undefined, true)).toBe('unreadable or foreign URL');
  });

  it('trusts the dev server only when it is given', () => {
    expect(isTrustedSender('http://localhost:5173/', true)).toBe(false);
    expect(isTrustedSender('http://localhost:5173/', true, DEV)).toBe(true);
    expect(isTrustedSender('http://localhost:5174/', true, DEV)).toBe(false);
    expect(isTrustedSender('http://user:pw@localhost:5173/', true, DEV)).toBe(false);
  });

  it('trusts nothing but the app origin (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.webUrl({ withQueryParameters: true, withFragments: true }), fc.string(), fc.constantFrom(...lookalikes)), fc.boolean(), (url, top) => {
        const trusted = isTrustedSender(url, top);
        if (trusted) expect(url.toLowerCase().startsWith('app://blockglass/')).toBe(true);
      }),
    );
  });
});

describe('isAllowedNavigation', () => {
  it('allows the app and, when given, the dev server', () => {
    expect(isAllowedNavigation('app://blockglass/blocks/0x1')).toBe(true);
    expect(isAllowedNavigation('http://localhost:5173/x', DEV)).toBe(true);
  });

  it.each([...lookalikes, 'https://etherscan.io/tx/0x1', 'http://localhost:5173/'])('refuses %j', (url) => {
    expect(isAllowedNavigation(url)).toBe(false);
  });
});

describe('isSafeExternalUrl', () => {
  it.each([
    ['https://etherscan.io/tx/0xabc', true],
    ['https://docs.infura.io/', true],
    ['http://etherscan.io/', false],
    ['https://user:pass@evil.example/', false],
    ['file:///etc/passwd', false],
    ['smb://server/share', false],
    ['javascript:alert(1)', false],
    ['ms-msdt:/id', false],
    ['app://blockglass/', false],
    ['https:', false],
    [`https://example.com/${'a'.repeat(3000)}`, false],
  ])('%s → %s', (url, safe) => {
    expect(isSafeExternalUrl(url)).toBe(safe);
  });
});

describe('isAllowedPermission', () => {
  it('allows writing to the clipboard from the app only', () => {
    expect(isAllowedPermission('clipboard-sanitized-write', 'app://blockglass/')).toBe(true);
    expect(isAllowedPermission('clipboard-sanitized-write', 'https://evil.example/')).toBe(false);
    expect(isAllowedPermission('clipboard-sanitized-write', undefined)).toBe(false);
  });

  it.each(['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'usb', 'hid', 'serial', 'fullscreen', 'unknown', 'toString', '__proto__'])('refuses %s even to the app', (permission) => {
    expect(isAllowedPermission(permission, 'app://blockglass/')).toBe(false);
  });
});
