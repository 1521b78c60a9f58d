import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { FIRST_FRAME_STATE_ID } from '../../src-shared/api/firstFrame';
import { createTestServices } from '../services/api/testing/createTestServices';
import { createDispatcher } from '../services/api/createDispatcher';
import { createFirstFrames, cutAtRoot, rootWith, scriptSafeJson } from './firstFrame';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-first-frame-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

const services = createTestServices();
const dispatcher = () => createDispatcher({ handlers: services.handlers, topics: services.topics, redact: services.redact, shell: 'web' });

/**
 * The frame's state as a browser reads it from the element beside the frame: the element's text runs to the first
 * `</script` (HTML's rule for a script element); its JSON is parsed. (What Chromium reads, the journeys check.)
 */
function stateIn(html: string): unknown {
  const open = `<script type="application/json" id="${FIRST_FRAME_STATE_ID}">`;
  const start = html.indexOf(open);
  if (start < 0) return undefined;
  const text = html.slice(start + open.length);
  return JSON.parse(text.slice(0, text.toLowerCase().indexOf('</script')));
}

describe('cutAtRoot', () => {
  it("cuts the built page where its empty root is, and gives back the page's two halves", () => {
    const page = '<!doctype html><head><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body>';
    expect(cutAtRoot(page)).toEqual({ before: '<!doctype html><head><script type="module" src="/assets/index.js"></script></head><body>', after: '</body>' });
  });

  it('refuses a page with no empty root, or two', () => {
    expect(cutAtRoot('<body><div id="root">x</div></body>')).toBeUndefined();
    expect(cutAtRoot('<div id="root"></div><div id="root"></div>')).toBeUndefined();
  });
});

describe('rootWith', () => {
  it('is the empty root where there is no frame', () => {
    expect(rootWith(undefined)).toBe('<div id="root"></div>');
  });

  it('puts the frame in an inert root and its reads beside it, which no text in them can end early', () => {
    const state = { queries: [{ data: '</script><script>alert(1)</script><!--' }], mutations: [] };
    const html = rootWith({ html: '<p>Failed: Reverter: counter above max</p>', state });
    expect(html.startsWith('<div id="root" inert aria-hidden="true"><p>Failed: Reverter: counter above max</p></div><script type="application/json" id="first-frame-state">')).toBe(true);
    expect(html.match(/<\/script/gi)).toHaveLength(1);
    expect(html.endsWith('</script>')).toBe(true);
    expect(stateIn(html)).toEqual(state);
  });
});

describe('scriptSafeJson', () => {
  it('reads back as the same value from inside a script element, whatever the value holds (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const json = scriptSafeJson(value);
        expect(json).not.toMatch(/[<>&\u2028\u2029]/);
        expect(stateIn(`<script type="application/json" id="${FIRST_FRAME_STATE_ID}">${json}</script>`)).toEqual(JSON.parse(JSON.stringify(value)));
        expect(json.length).toBeLessThanOrEqual(JSON.stringify(value).length * 6); // an escape is six characters for one
      }),
      { numRuns: 300 },
    );
  });
});

describe('createFirstFrames', () => {
  /** A first frame's bundle that draws what `app.info` answers, as the built one draws a page from its reads. */
  const bundle = (name: string, body: string) => {
    const file = path.join(folder, name);
    fs.writeFileSync(file, body);
    return file;
  };
  const drawsAppInfo = bundle(
    'app-info.mjs',
    `export async function renderFirstFrame(pipe, pathname, search, limits) {
      const answer = new Promise((resolve) => pipe.onMessage(resolve));
      pipe.send({ t: 'call', id: 1, method: 'app.info', input: {} });
      const { value } = await answer;
      return { html: '<p>' + value.name + ' at ' + pathname + search + ' within ' + limits.budgetMs + ' ms</p>', state: { queries: [], mutations: [] } };
    }`,
  );

  it("draws a page's frame with the bundle, over its own connection to the dispatcher", async () => {
    const lines: string[] = [];
    const frames = createFirstFrames({ file: drawsAppInfo, dispatcher: dispatcher(), log: (line) => lines.push(line), budgetMs: 250 });
    expect(await frames.draw('/explorer/tx/0xab', '')).toEqual({ html: '<p>Blockglass at /explorer/tx/0xab within 250 ms</p>', state: { queries: [], mutations: [] } });
    expect(lines).toEqual([]);
  });

  it('serves pages without a frame, and says why once, when the bundle is missing or exports nothing to draw with', async () => {
    for (const file of [path.join(folder, 'missing.mjs'), bundle('empty.mjs', 'export const nothing = 1;')]) {
      const lines: string[] = [];
      const frames = createFirstFrames({ file, dispatcher: dispatcher(), log: (line) => lines.push(line) });
      frames.preload();
      expect(await frames.draw('/explorer/block/1', '')).toBeUndefined();
      expect(await frames.draw('/explorer/block/2', '')).toBeUndefined();
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^first frame: .*pages are served without a first frame/);
    }
  });

  it('serves the page without a frame, and logs it, when drawing fails', async () => {
    const lines: string[] = [];
    const file = bundle('throws.mjs', 'export async function renderFirstFrame() { throw new Error("a component broke"); }');
    const frames = createFirstFrames({ file, dispatcher: dispatcher(), log: (line) => lines.push(line) });
    expect(await frames.draw('/explorer/block/1', '')).toBeUndefined();
    expect(lines).toEqual(['first frame: could not draw a page (a component broke): it was served without one']);
  });
});
