// SECURITY: the web host is as exposed as the app gets. Do not loosen it: it binds 127.0.0.1 only,
// hands its per-launch token to the window in the URL fragment (never logged: log lines get the
// address without it), and accepts the API socket only with that token and its own Origin.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RequestTiming } from '../../src-shared/api/dispatcherTypes';
import type { ApiServices } from '../services/api/apiServices';
import { createDispatcher } from '../services/api/createDispatcher';
import { createAccessToken } from './createAccessToken';
import { createApiBridge } from './createApiBridge';
import { createStaticHandler } from './createStaticHandler';
import { createFirstFrames } from '../shell-common/firstFrame';
import type { Downloads } from '../services/files/createDownloads';
import { refuseConnection } from './refuseConnection';

/** What the web host serves and with which services. */
export interface WebHostOptions {
  /** Port on 127.0.0.1; 0 picks a free one. */
  port: number;
  /** The renderer build (`out/renderer`). */
  rendererDir: string;
  /** The app's services (`createAppServices`'s result fits), or test handler maps. */
  services: ApiServices;
  /** Receives log lines, redacted. */
  log?: (line: string) => void;
  /** One-time downloads main offers (exports); without it, `/downloads/` answers 404. */
  downloads?: Pick<Downloads, 'take'>;
  /** Told where each API request's time went (main's own timings per request). */
  onTiming?: (timing: RequestTiming) => void;
  /**
   * The first frame's bundle (out/first-frame/renderFirstFrame.js): a page's first frame is drawn into its document
   * (src-main/shell-common/firstFrame.ts). Without it, pages are served as built.
   */
  firstFrameFile?: string;
  /** How long a first frame may wait for its reads (shell-common/firstFrame.ts's FIRST_FRAME_BUDGET_MS when absent). */
  firstFrameBudgetMs?: number;
  /** Called each time a window's API socket is accepted. */
  onConnection?: () => void;
}

/** A running web host. */
export interface WebHost {
  /** The address to open, with the token in the fragment: `http://127.0.0.1:N/#token=...`. Do not log it. */
  url: string;
  /** `http://127.0.0.1:N`: the address without the token, for log lines. */
  origin: string;
  port: number;
  /** Closes every socket (aborting their subscriptions) and stops listening. The services stay open. */
  close(): Promise<void>;
}

/** Starts the web host: the renderer build over HTTP and the API over a WebSocket at `/api`, on 127.0.0.1. */
export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const { services } = options;
  const log = (line: string) => options.log?.(services.redact(line));
  const token = createAccessToken();
  let port = options.port;
  const dispatcher = createDispatcher({ handlers: services.handlers, topics: services.topics, redact: services.redact, shell: 'web', log, ...(options.onTiming ? { onTiming: options.onTiming } : {}) });
  const bridge = createApiBridge({ dispatcher, token, port: () => port, log, onConnection: options.onConnection });
  const firstFrames = options.firstFrameFile ? createFirstFrames({ file: options.firstFrameFile, dispatcher, log, ...(options.firstFrameBudgetMs ? { budgetMs: options.firstFrameBudgetMs } : {}) }) : undefined;
  const server = http.createServer(createStaticHandler({ rendererDir: options.rendererDir, port: () => port, log, downloads: options.downloads, firstFrames }));
  server.on('upgrade', (request, socket, head) => bridge.handleUpgrade(request, socket, head));
  // Malformed requests (a raw NUL, bad headers) never reach the handler: answer 400 as Node would.
  server.on('clientError', (_error, socket) => refuseConnection(socket, 400));

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new Error(`Port ${options.port} on 127.0.0.1 is in use; choose another with --port, or 0 for any free one.`) : error),
    );
    server.listen({ port: options.port, host: '127.0.0.1', exclusive: true }, resolve);
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  log(`web host: serving ${options.rendererDir} at ${origin}`);
  firstFrames?.preload();

  let closing: Promise<void> | undefined;
  return {
    url: `${origin}/#token=${token}`,
    origin,
    port,
    close() {
      closing ??= new Promise<void>((resolve) => {
        bridge.close();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
