import { pathToFileURL } from 'node:url';
import { FIRST_FRAME_STATE_ID, type FirstFrame, type RenderFirstFrame } from '../../src-shared/api/firstFrame';
import type { Dispatcher } from '../services/api/createDispatcher';
import { createMemoryTransport } from '../services/api/createMemoryTransport';

/**
 * How long a page's first frame may wait for its reads before the page is sent with what has come. The document's
 * head (the scripts, the styles) is sent at once, so the window fetches them meanwhile; its scripts run once the
 * document is all in, so a slow network's reads hold the window's own start back by this much at most.
 */
export const FIRST_FRAME_BUDGET_MS = 300;

/** The page drawn once as a shell starts (with no reads), so that the first page a window opens is not drawn cold. */
const WARM_UP_PAGE = '/explorer/block/0';

/** Where index.html's root is, empty, for the first frame to fill. */
const EMPTY_ROOT = '<div id="root"></div>';

/** A shell's first frames: drawn by the renderer's app, built for Node (out/first-frame), over main's dispatcher. */
export interface FirstFrames {
  /** Loads the bundle and draws a page with it once, now (a shell calls it as it starts: its first page is not drawn cold). */
  preload(): void;
  /** The first frame of the page at `pathname`; undefined where it has none or it could not be drawn (logged). */
  draw(pathname: string, search: string): Promise<FirstFrame | undefined>;
}

/**
 * The first frames of the renderer's pages (src-renderer/app/firstFrame.ts says which pages have one), drawn by
 * `file` (out/first-frame/renderFirstFrame.js) with its reads over its own connection to `dispatcher`, as JSON text
 * both ways: the same door as a window's (the same validation, the same redaction), closed once the frame is drawn. A bundle that is missing
 * or fails leaves every page without a first frame (the window then draws it, as before): it is said once in the log.
 */
export function createFirstFrames({ file, dispatcher, log, budgetMs = FIRST_FRAME_BUDGET_MS }: { file: string; dispatcher: Dispatcher; log: (line: string) => void; budgetMs?: number }): FirstFrames {
  let loading: Promise<RenderFirstFrame | undefined> | undefined;
  const load = () =>
    (loading ??= import(pathToFileURL(file).href).then(
      (module: { renderFirstFrame?: unknown }) => {
        if (typeof module.renderFirstFrame === 'function') return module.renderFirstFrame as RenderFirstFrame;
        log(`first frame: ${file} exports no renderFirstFrame: pages are served without a first frame`);
        return undefined;
      },
      (error: unknown) => {
        log(`first frame: could not load ${file} (${messageOf(error)}): pages are served without a first frame; npm run build makes it`);
        return undefined;
      },
    ));
  /** The bundle, loaded, then drawn with once on a pipe that answers nothing: Node compiles the app as it draws. */
  let warming: Promise<void> | undefined;
  const warm = () =>
    (warming ??= load().then(async (render) => {
      const silent = { send: () => undefined, onMessage: () => () => undefined, close: () => undefined };
      await render?.(silent, WARM_UP_PAGE, '', { budgetMs: 0 }).catch((error: unknown) => log(`first frame: could not draw a page to warm up (${messageOf(error)})`));
    }));
  return {
    preload: () => void warm(),
    async draw(pathname, search) {
      const render = await load();
      if (!render) return undefined;
      const pipe = createMemoryTransport(dispatcher, 'first frame');
      try {
        return await render(pipe, pathname, search, { budgetMs });
      } catch (error) {
        log(`first frame: could not draw a page (${messageOf(error)}): it was served without one`);
        return undefined;
      } finally {
        pipe.close();
      }
    },
  };
}

/**
 * The page for an app route (`target`: its path and query string) with its first frame: what to send at once (the
 * document's head: the window fetches the scripts and styles it names meanwhile) and the rest, once the frame is
 * drawn (the empty root where the page has none). Undefined if index.html has no empty root to draw in.
 */
export function pageWithFirstFrame(indexHtml: string, target: string, frames: Pick<FirstFrames, 'draw'>): { head: string; rest: Promise<string> } | undefined {
  const cut = cutAtRoot(indexHtml);
  if (!cut) return undefined;
  const { pathname, search } = new URL(target, 'http://page');
  return { head: cut.before, rest: frames.draw(pathname, search).then((frame) => `${rootWith(frame)}${cut.after}`) };
}

/**
 * index.html cut where its empty root is: what comes before (sent at once) and after it. Undefined if the page has
 * no empty root (a build that changed it): the page is then served whole, without a first frame.
 */
export function cutAtRoot(indexHtml: string): { before: string; after: string } | undefined {
  const at = indexHtml.indexOf(EMPTY_ROOT);
  if (at < 0 || indexHtml.indexOf(EMPTY_ROOT, at + 1) >= 0) return undefined;
  return { before: indexHtml.slice(0, at), after: indexHtml.slice(at + EMPTY_ROOT.length) };
}

/**
 * The root with a first frame in it, inert (nothing in it can be used before the window's script takes it over) and
 * hidden from the accessibility tree (a picture of the page until then: tools that find things by role wait), and
 * its reads beside it as JSON; the empty root where there is no frame. The JSON is written so that nothing in it can
 * end its element or open another: `<`, `>` and `&` (and the two line separators JavaScript once refused) are escaped.
 */
export function rootWith(frame: FirstFrame | undefined): string {
  if (!frame) return EMPTY_ROOT;
  return `<div id="root" inert aria-hidden="true">${frame.html}</div><script type="application/json" id="${FIRST_FRAME_STATE_ID}">${scriptSafeJson(frame.state)}</script>`;
}

/** JSON that can stand inside a `<script>` element as its text, unchanged in meaning. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
