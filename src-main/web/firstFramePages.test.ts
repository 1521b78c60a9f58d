import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_FRAME_STATE_ID } from '../../src-shared/api/firstFrame';
import { createTestServices } from '../services/api/testing/createTestServices';
import { startWebHost, type WebHost } from './startWebHost';
import { createRendererFixture } from './testing/rendererFixture';

// A real web host serving pages with their first frame, drawn by a stand-in bundle (the built one is driven by the
// journeys, on the real sandbox): what the host sends and when, not what the app draws.

/** Lets a test hold the stand-in's frame back, and see which pages it was asked to draw. */
interface FrameControl {
  asked: string[];
  hold?: Promise<void>;
}
const control: FrameControl = { asked: [] };
(globalThis as { firstFrameTest?: FrameControl }).firstFrameTest = control;

let fixture: ReturnType<typeof createRendererFixture>;
let host: WebHost;
const lines: string[] = [];

beforeAll(async () => {
  fixture = createRendererFixture();
  const bundle = path.join(path.dirname(fixture.rendererDir), 'renderFirstFrame.mjs');
  // Draws the app's name (read over the host's dispatcher) with the page's path; no frame for the forms.
  fs.writeFileSync(
    bundle,
    `export async function renderFirstFrame(pipe, pathname, search) {
      const control = globalThis.firstFrameTest;
      control.asked.push(pathname + search);
      if (pathname.startsWith('/call')) return undefined;
      await control.hold;
      const answer = new Promise((resolve) => pipe.onMessage(resolve));
      pipe.send({ t: 'call', id: 1, method: 'app.info', input: {} });
      const { value } = await answer;
      return { html: '<h1>' + value.name + ' at ' + pathname + '</h1>', state: { queries: [{ queryKey: ['app.info'], state: { data: value } }], mutations: [], note: '</script><b>' } };
    }`,
  );
  host = await startWebHost({ port: 0, rendererDir: fixture.rendererDir, firstFrameFile: bundle, services: createTestServices(), log: (line) => lines.push(line) });
});

afterAll(async () => {
  await host?.close();
  fixture?.remove();
});

/** A window's own navigation, as Chromium heads it: an address opened directly. */
const OWN = { 'Sec-Fetch-Site': 'none', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document' };

/** GETs `target` as a browser's navigation (its own, unless `headers` say otherwise), with each piece of the body as it came. */
function navigate(target: string, method = 'GET', headers: Record<string, string> = OWN): Promise<{ status: number; headers: http.IncomingHttpHeaders; pieces: string[] }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port: host.port, path: target, method, headers }, (response) => {
      const pieces: string[] = [];
      response.setEncoding('utf8');
      response.on('data', (piece: string) => pieces.push(piece));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, pieces }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('the web host: a page with its first frame', () => {
  it('sends the page with the frame drawn in an inert root and its reads beside it', async () => {
    const { status, headers, pieces } = await navigate('/explorer/tx/0xab');
    expect(status).toBe(200);
    expect(headers['content-type']).toBe('text/html; charset=utf-8');
    expect(headers['cache-control']).toBe('no-store');
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    const page = pieces.join('');
    expect(page).toContain('<title>Blockglass test page</title>');
    expect(page).toContain('<div id="root" inert aria-hidden="true"><h1>Blockglass at /explorer/tx/0xab</h1></div>');
    const json = page.slice(page.indexOf(`id="${FIRST_FRAME_STATE_ID}">`) + FIRST_FRAME_STATE_ID.length + 6, page.lastIndexOf('</script>'));
    expect(JSON.parse(json)).toEqual({
      queries: [{ queryKey: ['app.info'], state: { data: { name: 'Blockglass', version: '0.0.0-test', shell: 'web', keychain: 'system' } } }],
      mutations: [],
      note: '</script><b>',
    });
    expect(page.match(/<\/script/gi)).toHaveLength(1); // nothing in the reads ends their element early
  });

  it("sends the document's head at once, and the frame once it is drawn", async () => {
    let release = () => {};
    control.hold = new Promise((resolve) => (release = resolve));
    try {
      const response = navigate('/explorer/block/7');
      await expect.poll(() => control.asked.includes('/explorer/block/7')).toBe(true);
      const early = await new Promise<string>((resolve, reject) => {
        // A second look at the same page, held back too: its first piece arrives while the frame is not drawn.
        http
          .get({ host: '127.0.0.1', port: host.port, path: '/explorer/block/8', headers: OWN }, (held) => {
            held.setEncoding('utf8');
            held.once('data', (piece: string) => {
              resolve(piece);
              held.resume();
            });
          })
          .on('error', reject);
      });
      expect(early).toContain('<title>Blockglass test page</title>');
      expect(early).not.toContain('id="root"');
      release();
      expect((await response).pieces.join('')).toContain('<div id="root" inert aria-hidden="true"><h1>Blockglass at /explorer/block/7</h1></div>');
    } finally {
      release();
      control.hold = undefined;
    }
  });

  it('sends the empty root for a page without a frame, and the page as built to a HEAD', async () => {
    const form = await navigate('/call');
    expect(form.pieces.join('')).toContain('<div id="root"></div>');
    expect(form.pieces.join('')).not.toContain(FIRST_FRAME_STATE_ID);
    const before = control.asked.length;
    const head = await navigate('/explorer/tx/0xab', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.pieces).toEqual([]);
    expect(control.asked.length).toBe(before);
  });

  it('draws nothing for a page asked for by another site (a link, a frame, a fetch), or by no browser', async () => {
    const before = control.asked.length;
    for (const headers of [
      { ...OWN, 'Sec-Fetch-Site': 'cross-site' },
      { ...OWN, 'Sec-Fetch-Site': 'same-site' },
      { ...OWN, 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Dest': 'empty' },
      { ...OWN, 'Sec-Fetch-Dest': 'iframe' },
      {},
    ]) {
      const page = (await navigate('/explorer/tx/0xab', 'GET', headers)).pieces.join('');
      // The page as built where a page is asked for (a script or a frame asking gets a 404, as before).
      expect(page.includes('<div id="root"></div>') || page === '404\n').toBe(true);
      expect(page).not.toContain(FIRST_FRAME_STATE_ID);
    }
    expect(control.asked.length).toBe(before);
    // The same page, from the app itself (a link inside it opened by a reload, say), has its frame.
    expect((await navigate('/explorer/tx/0xab', 'GET', { ...OWN, 'Sec-Fetch-Site': 'same-origin' })).pieces.join('')).toContain('<div id="root" inert aria-hidden="true">');
  });

  it("passes the page's path and query string as the window reads them", async () => {
    await navigate('/explorer/address/0xAbC?tab=history');
    expect(control.asked).toContain('/explorer/address/0xAbC?tab=history');
  });

  it('never draws for a file that is there, nor for a missing script', async () => {
    const before = control.asked.length;
    const script = await navigate('/assets/index-abc123.js');
    expect(script.pieces.join('')).toBe('console.log("app");');
    await new Promise<void>((resolve, reject) =>
      http.get({ host: '127.0.0.1', port: host.port, path: '/assets/missing.js', headers: { 'Sec-Fetch-Dest': 'script' } }, (response) => (expect(response.statusCode).toBe(404), response.resume(), resolve())).on('error', reject),
    );
    expect(control.asked.length).toBe(before);
    expect(lines.filter((line) => line.includes('first frame'))).toEqual([]);
  });
});
