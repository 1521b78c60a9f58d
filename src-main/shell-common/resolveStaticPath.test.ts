import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentTypeFor } from './contentTypeFor';
import { resolveStaticPath } from './resolveStaticPath';

describe('resolveStaticPath', () => {
  it.each([
    ['/', { kind: 'app' }],
    ['/index.html', { kind: 'app' }],
    ['/?x=1#y', { kind: 'app' }],
    ['/assets/index-Bx1_a.js', { kind: 'file', relativePath: 'assets/index-Bx1_a.js', fallback: 'not-found' }],
    ['/assets/index-Bx1_a.js?v=2', { kind: 'file', relativePath: 'assets/index-Bx1_a.js', fallback: 'not-found' }],
    ['/favicon.svg', { kind: 'file', relativePath: 'favicon.svg', fallback: 'app' }],
    ['/settings/networks', { kind: 'file', relativePath: 'settings/networks', fallback: 'app' }],
    ['/settings/networks/', { kind: 'file', relativePath: 'settings/networks', fallback: 'app' }],
    ['/content/QmdDso/blockglass%20demo/caf%C3%A9.png', { kind: 'app' }],
    ['/assets/caf%C3%A9.png', { kind: 'not-found' }],
    ['/%252e%252e/etc/passwd', { kind: 'app' }],
    ['/settings/assets/index-Bx1_a.js', { kind: 'file', relativePath: 'assets/index-Bx1_a.js', fallback: 'app' }],
    ['/content/Qm1/assets', { kind: 'file', relativePath: 'content/Qm1/assets', fallback: 'app' }],
  ])('resolves %s', (target, expected) => {
    expect(resolveStaticPath(target)).toEqual(expected);
  });

  it.each([
    ['/../etc/passwd', 'dot segment'],
    ['/assets/../../etc/passwd', 'dot segment'],
    ['/..%2f..%2fetc/passwd', 'encoded separator'],
    ['/%2e%2e/%2e%2e/etc/passwd', 'dot segment'],
    ['/assets%2f..%2f..%2fpackage.json', 'encoded separator'],
    ['/assets/x.js%00.png', 'encoded control character'],
    ['/assets/x.js\u0000', 'control character in path'],
    ['/assets\\..\\..\\secret', 'backslash in path'],
    ['/assets/%5c..%5csecret', 'encoded separator'],
    ['http://evil.example/index.html', 'not an origin-relative path'],
    ['//evil.example/index.html', 'not an origin-relative path'],
    ['*', 'not an origin-relative path'],
    ['', 'not an origin-relative path'],
    ['/assets//x.js', 'empty path segment'],
    ['/%E0%A4%A', 'malformed percent-encoding'],
    [`/${'a'.repeat(3000)}`, 'path too long'],
  ])('refuses %j (%s)', (target, reason) => {
    expect(resolveStaticPath(target)).toEqual({ kind: 'refuse', reason });
  });

  it('never names hidden files, drive letters or streams as files', () => {
    for (const target of ['/.env', '/assets/.git', '/.%2e', '/C:/Windows/win.ini', '/index.html::$DATA']) {
      expect(resolveStaticPath(target).kind).not.toBe('file');
    }
  });

  it('only ever names files inside the folder, whatever the request (property)', () => {
    const root = path.resolve('/srv/renderer');
    const hostilePiece = fc.constantFrom('..', '.', '%2e', '%2E%2e', '%2f', '%2F', '%5c', '\\', '%00', '%', '/', '//', 'C:', '.git', 'assets', 'a', '%252e', '\u2025', '%c0%ae');
    const target = fc.oneof(
      fc.string(),
      fc.array(fc.oneof(hostilePiece, fc.string({ maxLength: 4 })), { maxLength: 8 }).map((pieces) => `/${pieces.join('')}`),
      fc.array(fc.oneof(hostilePiece, fc.string({ maxLength: 4 })), { maxLength: 8 }).map((pieces) => `/${pieces.join('/')}`),
    );
    fc.assert(
      fc.property(target, (request) => {
        const resolved = resolveStaticPath(request);
        if (resolved.kind !== 'file') return;
        const { relativePath } = resolved;
        expect(relativePath.split('/')).not.toContain('..');
        expect(relativePath).not.toMatch(/^\/|\\|\0|:/);
        expect(path.posix.normalize(relativePath)).toBe(relativePath);
        expect(path.resolve(root, relativePath).startsWith(root + path.sep)).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });
});

describe('contentTypeFor', () => {
  it.each([
    ['index.html', 'text/html; charset=utf-8'],
    ['assets/index-a.JS', 'text/javascript; charset=utf-8'],
    ['assets/font.woff2', 'font/woff2'],
    ['assets/unknown.xyz', 'application/octet-stream'],
    ['constructor', 'application/octet-stream'],
    ['x.__proto__', 'application/octet-stream'],
  ])('%s is %s', (name, type) => {
    expect(contentTypeFor(name)).toBe(type);
  });
});
