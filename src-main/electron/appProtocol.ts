// SECURITY: the UI is served from `app://blockglass/`, from the renderer build only. Do not loosen
// it: paths go through the shared `resolveStaticPath`, the real path must stay inside the folder,
// only regular files are served, and every response carries the CSP (`connect-src 'none'`).
import fs from 'node:fs';
import path from 'node:path';
import { protocol } from 'electron';
import { contentTypeFor } from '../shell-common/contentTypeFor';
import { pageWithFirstFrame, type FirstFrames } from '../shell-common/firstFrame';
import { resolveStaticPath } from '../shell-common/resolveStaticPath';
import { APP_HOST, APP_SCHEME } from './appOrigin';
import { ELECTRON_CONTENT_SECURITY_POLICY } from './electronContentSecurityPolicy';

/** Registers `app:` as a standard, secure scheme (origins, storage, module scripts). Must run before `ready`. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, stream: true, codeCache: true } },
  ]);
}

const HEADERS = {
  'Content-Security-Policy': ELECTRON_CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-cache',
};

/**
 * Serves `rendererDir` on `app://blockglass/`, with index.html for every app route (with its first frame drawn in,
 * given `firstFrames`: shell-common/firstFrame.ts). Call after `ready`.
 */
export function serveAppProtocol(rendererDir: string, log: (line: string) => void, firstFrames?: Pick<FirstFrames, 'draw'>): void {
  const root = fs.realpathSync(rendererDir);
  const indexFile = path.join(root, 'index.html');

  const fail = (status: number) => new Response(`${status}\n`, { status, headers: { ...HEADERS, 'Content-Type': 'text/plain; charset=utf-8' } });
  const send = async (file: string, method: string) => {
    const body = method === 'HEAD' ? null : await fs.promises.readFile(file);
    return new Response(body, { status: 200, headers: { ...HEADERS, 'Content-Type': contentTypeFor(file) } });
  };
  /** The page of an app route, its head sent at once and its first frame once drawn. */
  const sendApp = async (target: string, method: string) => {
    const page = method === 'GET' && firstFrames ? pageWithFirstFrame(await fs.promises.readFile(indexFile, 'utf8'), target, firstFrames) : undefined;
    if (!page) return send(indexFile, method);
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encoder.encode(page.head));
        controller.enqueue(encoder.encode(await page.rest));
        controller.close();
      },
    });
    return new Response(body, { status: 200, headers: { ...HEADERS, 'Content-Type': 'text/html; charset=utf-8' } });
  };
  const findFile = async (relativePath: string) => {
    const real = await fs.promises.realpath(path.join(root, relativePath)).catch(() => undefined);
    if (!real || !real.startsWith(root + path.sep)) return undefined;
    const stat = await fs.promises.stat(real).catch(() => undefined);
    return stat?.isFile() ? real : undefined;
  };

  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    if (url.host !== APP_HOST || url.username !== '' || url.password !== '') return fail(404);
    if (request.method !== 'GET' && request.method !== 'HEAD') return fail(405);
    const resolved = resolveStaticPath(`${url.pathname}${url.search}`);
    switch (resolved.kind) {
      case 'refuse':
        log(`electron: refused an app:// path: ${resolved.reason}`);
        return fail(400);
      case 'not-found':
        return fail(404);
      case 'app':
        return sendApp(`${url.pathname}${url.search}`, request.method);
      case 'file': {
        const file = await findFile(resolved.relativePath);
        if (file) return send(file, request.method);
        return resolved.fallback === 'app' ? sendApp(`${url.pathname}${url.search}`, request.method) : fail(404);
      }
    }
  });
}
