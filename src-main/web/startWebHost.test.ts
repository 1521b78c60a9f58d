import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestServices, type TestServices } from '../services/api/testing/createTestServices';
import { loadRendererClient, loadRendererWebSocketTransport } from '../services/api/testing/loadRendererClient';
import { createDownloads } from '../services/files/createDownloads';
import { startWebHost, type WebHost } from './startWebHost';
import { closeCode, nextMessage, openSocket } from './testing/openSocket';
import { rawHttp } from './testing/rawHttp';
import { createRendererFixture } from './testing/rendererFixture';

// A real web host on a real port, with real handler maps, probed as a browser, a hostile page and
// another local program would.

let fixture: ReturnType<typeof createRendererFixture>;
const downloads = createDownloads();
let services: TestServices;
let host: WebHost;
let token: string;
const lines: string[] = [];

beforeAll(async () => {
  fixture = createRendererFixture();
  services = createTestServices();
  host = await startWebHost({ port: 0, rendererDir: fixture.rendererDir, services, downloads, log: (line) => lines.push(line) });
  token = new URL(host.url).hash.replace('#token=', '');
});

afterAll(async () => {
  await host.close();
  fixture.remove();
});

/** How many file descriptors of this process (the host runs in it) are open on `file` (Linux's /proc). */
function handlesOpenOn(file: string): number {
  return fs.readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return fs.readlinkSync(`/proc/self/fd/${fd}`) === file;
    } catch {
      return false; // closed while we looked
    }
  }).length;
}

const get = (target: string, headers: Record<string, string> = {}) => rawHttp(host.port, `GET ${target} HTTP/1.1`, { Host: `127.0.0.1:${host.port}`, ...headers });
const apiUrl = () => `ws://127.0.0.1:${host.port}/api`;
const asWindow = () => ({ protocols: ['blockglass', `blockglass.${token}`], origin: host.origin });

describe('startWebHost: the address', () => {
  it('hands out 127.0.0.1 with a 32-byte token in the fragment', () => {
    expect(host.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${host.port}/#token=[A-Za-z0-9_-]{43}$`));
    expect(host.origin).toBe(`http://127.0.0.1:${host.port}`);
  });

  it('listens on 127.0.0.1 only', async () => {
    const refused = await new Promise<string>((resolve) => {
      const socket = net.connect(host.port, '::1');
      socket.once('connect', () => (socket.destroy(), resolve('connected')));
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    expect(refused).not.toBe('connected');
  });

  it('never writes the token into a log line', () => {
    expect(lines.join('\n')).not.toContain(token);
  });
});

describe('startWebHost: one-time downloads', () => {
  it('streams an offered file as an attachment, once', async () => {
    const url = downloads.offer({
      name: 'logs-1.csv',
      type: 'text/csv; charset=utf-8',
      chunks: async function* () {
        for (let i = 0; i < 3; i++) yield `row ${i}\n`;
      },
    });
    const first = await get(url);
    expect(first.status).toBe(200);
    expect(first.headers['content-disposition']).toBe('attachment; filename="logs-1.csv"');
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers['transfer-encoding']).toBe('chunked'); // streamed as made, not gathered first
    for (let i = 0; i < 3; i++) expect(first.body).toContain(`row ${i}\n`);
    expect((await get(url)).status).toBe(404);
  });

  it('streams lent chunks (one buffer filled again for each): every byte as it was when lent', async () => {
    const url = downloads.offer({
      name: 'lent.bin',
      type: 'application/octet-stream',
      lent: true,
      chunks: async function* () {
        const buffer = Buffer.alloc(512 * 1024);
        for (let index = 0; index < 32; index += 1) yield buffer.fill(index);
        buffer.fill(0xff);
      },
    });
    const bytes = Buffer.from(await (await fetch(`${host.origin}${url}`)).arrayBuffer());
    expect(bytes.length).toBe(32 * 512 * 1024);
    for (let index = 0; index < 32; index += 1) expect(bytes.subarray(index * 512 * 1024, (index + 1) * 512 * 1024).every((byte) => byte === index)).toBe(true);
  });

  it('stops lending when the window goes away mid-file: the producer is closed', async () => {
    let closed!: () => void;
    const producerClosed = new Promise<void>((resolve) => (closed = resolve));
    const url = downloads.offer({
      name: 'endless.bin',
      type: 'application/octet-stream',
      lent: true,
      chunks: async function* () {
        const buffer = Buffer.alloc(1024 * 1024, 7);
        try {
          for (;;) yield buffer;
        } finally {
          closed();
        }
      },
    });
    const socket = net.connect(host.port, '127.0.0.1');
    socket.write(`GET ${url} HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\n\r\n`);
    await new Promise((resolve) => socket.once('data', resolve));
    socket.destroy();
    await producerClosed;
  });

  it('answers 404 to a ticket it never offered', async () => {
    expect((await get(`/downloads/${'0'.repeat(32)}/logs.csv`)).status).toBe(404);
  });
});

describe('startWebHost: static files', () => {
  it('serves the page with the security headers and no caching', async () => {
    const response = await get('/');
    expect(response.status).toBe(200);
    expect(response.body).toContain('Blockglass test page');
    expect(response.headers).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
    });
    expect(response.headers['content-security-policy']).toContain("connect-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['content-security-policy']).toMatch(/^default-src 'self'/);
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    // Deliberately none: it cost every new window a second renderer process (securityHeaders.ts).
    expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
  });

  it.each(['/settings/networks', '/settings/networks/', '/blocks/0x10?tab=logs', '/index.html', '/content/Qm%C3%A9', '/.env'])('answers the app route %s with the page', async (target) => {
    const response = await get(target);
    expect(response.status).toBe(200);
    expect(response.body).toContain('Blockglass test page');
  });

  it('finds assets asked for relative to a deep link (a build with relative asset paths)', async () => {
    expect(await get('/settings/networks/assets/index-abc123.js', { 'Sec-Fetch-Dest': 'script' })).toMatchObject({ status: 200, body: 'console.log("app");' });
  });

  it('answers a missing file that is not a navigation with 404, not the page', async () => {
    expect((await get('/settings/assets/missing.js', { 'Sec-Fetch-Dest': 'script' })).status).toBe(404);
    expect((await get('/settings/logo.png', { 'Sec-Fetch-Dest': 'image' })).status).toBe(404);
    expect((await get('/settings/networks', { 'Sec-Fetch-Dest': 'document' })).status).toBe(200);
  });

  it('serves assets with their type, cached for good', async () => {
    const script = await get('/assets/index-abc123.js');
    expect(script).toMatchObject({ status: 200, body: 'console.log("app");' });
    expect(script.headers).toMatchObject({ 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=31536000, immutable', 'x-content-type-options': 'nosniff' });
    expect((await get('/assets/index-abc123.css')).headers['content-type']).toBe('text/css; charset=utf-8');
    expect((await get('/assets/nested/font.woff2')).headers['content-type']).toBe('font/woff2');
  });

  it('keeps serving after a client goes away in the middle of a file', async () => {
    await new Promise<void>((resolve) => {
      const socket = net.connect(host.port, '127.0.0.1', () => socket.write(`GET /assets/big.wasm HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\n\r\n`));
      socket.once('data', () => {
        socket.destroy();
        resolve();
      });
    });
    // The host gave up the file it was sending (its handle closed), and answers the next request.
    await expect.poll(() => handlesOpenOn(path.join(fixture.rendererDir, 'assets', 'big.wasm'))).toBe(0);
    expect((await get('/assets/index-abc123.js')).status).toBe(200);
  });

  it('answers HEAD without a body', async () => {
    const response = await rawHttp(host.port, 'HEAD /assets/index-abc123.js HTTP/1.1', { Host: `127.0.0.1:${host.port}` });
    expect(response.status).toBe(200);
    expect(response.headers['content-length']).toBe('19');
    expect(response.body).toBe('');
  });

  it.each(['/assets/missing.js', '/assets/', '/assets/nested', '/assets/escape.js', '/assets/caf%C3%A9.js'])('answers %s with 404 (missing, folders, links out)', async (target) => {
    const response = await get(target);
    expect(response.status).toBe(404);
    expect(response.body).not.toContain(fixture.outsideSecret);
  });

  it.each([
    '/../outside.txt',
    '/assets/../../outside.txt',
    '/..%2foutside.txt',
    '/assets/..%2f..%2foutside.txt',
    '/%2e%2e/outside.txt',
    '/assets/%2e%2e/%2e%2e/outside.txt',
    '/assets/index-abc123.js%00.png',
    '/assets\\..\\..\\outside.txt',
    '/assets/%5c..%5coutside.txt',
    'http://evil.example/assets/index-abc123.js',
    '//evil.example/index.html',
  ])('refuses the hostile path %s with 400', async (target) => {
    const response = await get(target);
    expect(response.status).toBe(400);
    // A deep link refused says why, in resolveStaticPath's words (the body comes chunked: not anchored).
    expect(response.body).toMatch(/400 Bad Request: (dot segment|encoded separator|encoded control character|backslash in path|not an origin-relative path)\n/);
    expect(response.body).not.toContain(fixture.outsideSecret);
    expect(response.headers['content-security-policy']).toBeDefined();
  });

  it('refuses a raw NUL in the request line without serving anything', async () => {
    const response = await rawHttp(host.port, 'GET /assets/index-abc123.js\u0000.png HTTP/1.1', { Host: `127.0.0.1:${host.port}` });
    expect(response.status).toBe(400);
    expect(response.body).not.toContain('console.log');
  });

  it.each([`localhost:${0}`, 'evil.example', '127.0.0.1'])('refuses a Host header of %s (DNS rebinding)', async (hostHeader) => {
    const response = await get('/', { Host: hostHeader.replace(':0', `:${host.port}`) });
    expect(response.status).toBe(403);
    expect(response.body).not.toContain('Blockglass test page');
  });

  it('refuses methods other than GET and HEAD', async () => {
    const response = await rawHttp(host.port, 'POST / HTTP/1.1', { Host: `127.0.0.1:${host.port}`, 'Content-Length': '0' });
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
  });

  it('answers a plain GET of the API path with 426', async () => {
    expect((await get('/api')).status).toBe(426);
  });
});

describe('startWebHost: the API socket', () => {
  it('accepts the window with its token and origin, and answers calls', async () => {
    const outcome = await openSocket(apiUrl(), asWindow());
    if (!outcome.ok) return expect.fail(`refused with ${outcome.status}`);
    expect(outcome.socket.protocol).toBe('blockglass');
    outcome.socket.send(JSON.stringify({ t: 'call', id: 1, method: 'app.info', input: {} }));
    expect(await nextMessage(outcome.socket)).toEqual({ t: 'result', id: 1, ok: true, value: { name: 'Blockglass', version: '0.0.0-test', shell: 'web', keychain: 'system' } });
    outcome.socket.close();
  });

  it.each([
    ['no token', { protocols: ['blockglass'] }, 401, 'no access token'],
    ['no subprotocol at all', { protocols: [] }, 400, 'the blockglass subprotocol was not offered'],
    ['a wrong token', { protocols: ['blockglass', `blockglass.${'x'.repeat(43)}`] }, 401, 'wrong access token'],
    ['another origin', { origin: 'https://evil.example' }, 403, "Origin is not the host's own"],
    ['the localhost origin', { origin: 'http://localhost:PORT' }, 403, "Origin is not the host's own"],
    ['no origin (another program)', { origin: undefined }, 403, 'no Origin header'],
    ['a rebinding Host', { host: 'evil.example:PORT' }, 403, 'Host header is not 127.0.0.1:<port>'],
  ])('refuses a connection with %s', async (_case, change, status, reason) => {
    const options = { ...asWindow(), ...change };
    if (options.origin) options.origin = options.origin.replace('PORT', String(host.port));
    if ('host' in change) (options as { host?: string }).host = change.host.replace('PORT', String(host.port));
    const outcome = await openSocket(apiUrl(), options);
    expect(outcome).toEqual({ ok: false, status });
    expect(lines).toContainEqual(`web host: refused a WebSocket connection (${status}): ${reason}`);
  });

  it('refuses the socket on any other path', async () => {
    expect(await openSocket(`ws://127.0.0.1:${host.port}/api/x`, asWindow())).toEqual({ ok: false, status: 404 });
  });

  it('closes a socket that sends a binary frame or an oversized message', async () => {
    const binary = await openSocket(apiUrl(), asWindow());
    if (!binary.ok) return expect.fail('refused');
    const binaryClosed = closeCode(binary.socket);
    binary.socket.send(Buffer.from([1, 2, 3]));
    expect(await binaryClosed).toBe(1003);

    const big = await openSocket(apiUrl(), asWindow());
    if (!big.ok) return expect.fail('refused');
    const bigClosed = closeCode(big.socket);
    big.socket.send(JSON.stringify({ t: 'call', id: 1, method: 'settings.get', input: { pad: 'p'.repeat(9 * 1024 * 1024) } }));
    expect(await bigClosed).toBe(1009);
  });

  it('aborts a subscription when its socket closes', async () => {
    const outcome = await openSocket(apiUrl(), asWindow());
    if (!outcome.ok) return expect.fail('refused');
    const before = services.healthSignals.length;
    outcome.socket.send(JSON.stringify({ t: 'subscribe', id: 1, topic: 'network.health', input: { networkId: 'mainnet' } }));
    expect(await nextMessage(outcome.socket)).toMatchObject({ t: 'event', id: 1, payload: { state: 'connecting' } });
    const signal = services.healthSignals[before]!;
    expect(signal.aborted).toBe(false);
    outcome.socket.terminate();
    await expect.poll(() => signal.aborted).toBe(true);
  });

  it("carries the renderer's own client and transport", async () => {
    const { createApiClient } = await loadRendererClient();
    const { webSocketTransport } = await loadRendererWebSocketTransport();
    // The browser sends its page's Origin by itself; `ws` needs to be told.
    const origin = host.origin;
    const BrowserLikeWebSocket = class extends WebSocket {
      constructor(url: string, protocols: string[]) {
        super(url, protocols, { origin });
      }
    };
    const api = createApiClient(webSocketTransport({ url: apiUrl(), token, WebSocket: BrowserLikeWebSocket }));
    await expect(api.call('settings.update', { theme: 'light' })).resolves.toEqual({ theme: 'light' });
    const refused = await api.call('networks.select', { networkId: '../../etc' }).catch((error: { error: unknown }) => error.error);
    expect(refused).toMatchObject({ name: 'InvalidInputError', code: 'invalid_input' });
    api.close();
  });
});
