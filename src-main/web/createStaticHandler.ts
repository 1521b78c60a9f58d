// SECURITY: serves the renderer build and nothing else. Do not loosen it: paths go through
// `resolveStaticPath`, the real path (symlinks resolved) must stay inside the folder, only regular
// files are sent (no directory listings), and every response carries the security headers.
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { contentTypeFor } from '../shell-common/contentTypeFor';
import { resolveStaticPath } from '../shell-common/resolveStaticPath';
import { API_SOCKET_PATH } from '../../src-shared/api/apiSocket';
import type { Downloads } from '../services/files/createDownloads';
import { pageWithFirstFrame, type FirstFrames } from '../shell-common/firstFrame';
import { isAllowedHost } from './isAllowedHost';
import { serveDownload } from './serveDownload';
import { securityHeaders, type CachePolicy } from './securityHeaders';

/** Where the build is, which port the host answers on (for the Host check), and where refusals are logged. */
export interface StaticHandlerOptions {
  rendererDir: string;
  port: () => number;
  log: (line: string) => void;
  /** One-time downloads main offers (exports), served at `/downloads/<ticket>/<name>`. */
  downloads?: Pick<Downloads, 'take'>;
  /** Draws a page's first frame into the document (src-main/shell-common/firstFrame.ts); without it, none is drawn. */
  firstFrames?: Pick<FirstFrames, 'draw'>;
}

/**
 * Whether a request is a window's own navigation, which may have its page's first frame drawn (read with the selected
 * network, key included): opened directly (an address typed or given, a reload: `Sec-Fetch-Site: none`) or from the
 * app itself (`same-origin`), as the browser says in headers no page's script can set. A web page elsewhere that
 * points a link, a frame or a fetch at the host gets the page as built, and makes the host read nothing; so does a
 * request without those headers (not a browser's). Another program on this machine could send them: it would get a
 * page's public chain data as the window shows it, never a key (the frame's reads go through the window's door).
 */
export function isOwnNavigation(request: Pick<IncomingMessage, 'headers'>): boolean {
  const site = request.headers['sec-fetch-site'];
  return (site === 'none' || site === 'same-origin') && request.headers['sec-fetch-dest'] === 'document' && request.headers['sec-fetch-mode'] === 'navigate';
}

/** Creates the HTTP handler for the renderer build, with the SPA fallback to index.html for app routes. */
export function createStaticHandler({ rendererDir, port, log, downloads, firstFrames }: StaticHandlerOptions): (request: IncomingMessage, response: ServerResponse) => void {
  const root = fs.realpathSync(rendererDir);
  const indexFile = path.join(root, 'index.html');
  if (!fs.statSync(indexFile, { throwIfNoEntry: false })?.isFile()) throw new Error(`${rendererDir} has no index.html: build the app first (npm run build).`);

  const fail = (response: ServerResponse, status: number, extra: Record<string, string> = {}, why?: string) => {
    response.writeHead(status, { ...securityHeaders('no-store'), 'Content-Type': 'text/plain; charset=utf-8', ...extra });
    response.end(why === undefined ? `${status}\n` : `${status} Bad Request: ${why}\n`);
  };

  const send = async (request: IncomingMessage, response: ServerResponse, file: string, cache: CachePolicy) => {
    const handle = await fs.promises.open(file, 'r');
    let streaming = false;
    try {
      const { size } = await handle.stat();
      response.writeHead(200, { ...securityHeaders(cache), 'Content-Type': contentTypeFor(file), 'Content-Length': String(size) });
      if (request.method === 'HEAD') return void response.end();
      streaming = true; // from here the stream owns the file handle and closes it
      await pipeline(handle.createReadStream(), response).catch(() => undefined); // a window that goes away mid-file is not an error
    } finally {
      if (!streaming) await handle.close();
    }
  };

  /** The page at `target` (an app route) with its first frame, its head sent at once (shell-common/firstFrame.ts). */
  const sendPage = async (request: IncomingMessage, response: ServerResponse, target: string, frames: Pick<FirstFrames, 'draw'>) => {
    const page = pageWithFirstFrame(await fs.promises.readFile(indexFile, 'utf8'), target, frames);
    if (!page) {
      log('web host: index.html has no empty root to draw a first frame in: pages are served without one');
      return send(request, response, indexFile, 'no-store');
    }
    response.writeHead(200, { ...securityHeaders('no-store'), 'Content-Type': 'text/html; charset=utf-8' });
    response.write(page.head);
    const rest = await page.rest;
    if (!response.destroyed) response.end(rest);
  };

  /** The app's page, for an app route: with its first frame where the shell draws them. */
  const sendApp = (request: IncomingMessage, response: ServerResponse, target: string) =>
    firstFrames && request.method === 'GET' && isOwnNavigation(request) ? sendPage(request, response, target, firstFrames) : send(request, response, indexFile, 'no-store');

  /** The real path of a candidate file, if it is a regular file inside the folder. */
  const findFile = async (relativePath: string): Promise<string | undefined> => {
    const real = await fs.promises.realpath(path.join(root, relativePath)).catch(() => undefined);
    if (!real || !real.startsWith(root + path.sep)) return undefined;
    const stat = await fs.promises.stat(real).catch(() => undefined);
    return stat?.isFile() ? real : undefined;
  };

  // Hashed assets (`assets/`, named after their content) never change while the host runs: each is found and
  // read once, then sent from memory. A page's first load asks for some thirty at once, six at a time over
  // HTTP/1.1, and each cost four file-system calls on the thread pool and a stream: the longest part of a cold
  // page before its script ran. The build is about 1.5 MB; a file that is not there is not kept. Read when first
  // asked for, not at start: the host's start (and the sandbox it launches) does not share the thread pool with it.
  const assetsDir = path.join(root, 'assets');
  const assets = new Map<string, Promise<{ file: string; bytes: Buffer } | undefined>>();
  const readAsset = (relativePath: string) => {
    let reading = assets.get(relativePath);
    if (!reading) {
      reading = findFile(relativePath).then(async (file) => (file?.startsWith(assetsDir + path.sep) ? { file, bytes: await fs.promises.readFile(file) } : undefined));
      assets.set(relativePath, reading);
      void reading.then(
        (found) => void (found ? undefined : assets.delete(relativePath)),
        () => assets.delete(relativePath),
      );
    }
    return reading;
  };
  const sendBytes = (request: IncomingMessage, response: ServerResponse, file: string, bytes: Buffer) => {
    response.writeHead(200, { ...securityHeaders('immutable'), 'Content-Type': contentTypeFor(file), 'Content-Length': String(bytes.length) });
    response.end(request.method === 'HEAD' ? undefined : bytes);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    if (!isAllowedHost(request.headers.host, port())) {
      log(`web host: refused ${request.method ?? '?'} request: Host header is not 127.0.0.1:<port>`);
      return fail(response, 403);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') return fail(response, 405, { Allow: 'GET, HEAD' });
    const target = request.url ?? '';
    if (target.split('?')[0] === API_SOCKET_PATH) return fail(response, 426, { Upgrade: 'websocket', Connection: 'Upgrade' });
    if (target.startsWith('/downloads/')) {
      const file = request.method === 'GET' ? downloads?.take(target) : undefined;
      if (!file) return fail(response, 404);
      return serveDownload(response, file);
    }
    const resolved = resolveStaticPath(target);
    switch (resolved.kind) {
      case 'refuse':
        log(`web host: refused a request path: ${resolved.reason}`);
        // The reason is one of resolveStaticPath's fixed phrases (never the path): a deep link refused says why.
        return fail(response, 400, {}, resolved.reason);
      case 'not-found':
        return fail(response, 404);
      case 'app':
        return sendApp(request, response, target);
      case 'file': {
        if (resolved.fallback === 'not-found') {
          const asset = await readAsset(resolved.relativePath);
          return asset ? sendBytes(request, response, asset.file, asset.bytes) : fail(response, 404);
        }
        const file = await findFile(resolved.relativePath);
        if (file) return send(request, response, file, file === indexFile ? 'no-store' : 'revalidate');
        // The page answers navigations only: a script or image that is missing gets a 404, not HTML.
        const destination = request.headers['sec-fetch-dest'];
        const navigation = destination === undefined || destination === 'document';
        return resolved.fallback === 'app' && navigation ? sendApp(request, response, target) : fail(response, 404);
      }
    }
  };

  return (request, response) => {
    handle(request, response).catch((error: unknown) => {
      log(`web host: could not serve a request: ${error instanceof Error ? error.message : String(error)}`);
      if (!response.headersSent) fail(response, 500);
      else response.destroy();
    });
  };
}
