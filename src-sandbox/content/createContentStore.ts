import type http from 'node:http';
import path from 'node:path';
import { authRefusal, checkBasicAuth } from './auth';
import type { ContentContext } from './commandContext';
import { CommandQuery } from './commandQuery';
import { COMMANDS } from './commandTable';
import { openContentBlocks } from './contentBlocks';
import { ArgumentError, CommandError, errorMessage } from './errors';
import { createIndirectPins } from './indirectPins';
import { openPinStore } from './pinStore';
import { ALLOWED_METHODS, ClientGoneError, CommandReply, replyText } from './wire';

export interface ContentStoreOptions {
  /** Blocks go under `<dataDir>/content/blocks` (blockstore-fs), pins in `<dataDir>/content/pins.json`. */
  dataDir: string;
  /** Constant-time check of basic-auth credentials; supplied by the sandbox, never given credentials to log. */
  verifySecret: (key: string, secret: string) => boolean;
  log?: (line: string) => void;
}

/** The content store as the sandbox's server mounts it. */
export interface ContentStore {
  /** Answers and returns true for paths under `/api/v0/`; returns false (untouched) for anything else. */
  handleRequest(req: http.IncomingMessage, res: http.ServerResponse): boolean;
  close(): Promise<void>;
}

const API_PREFIX = '/api/v0';

/** The state behind each store, for `seedDemoContent`; kept off the public interface. */
const contexts = new WeakMap<ContentStore, ContentContext>();

/** The internal state of a store made by `createContentStore`. */
export function contentContextOf(store: ContentStore): ContentContext {
  const context = contexts.get(store);
  if (!context) throw new Error('not a content store made by createContentStore');
  return context;
}

/** Opens the store's blockstore and pins under `dataDir` and returns its request handler. */
export async function createContentStore(options: ContentStoreOptions): Promise<ContentStore> {
  const folder = path.join(options.dataDir, 'content');
  const blocks = await openContentBlocks(path.join(folder, 'blocks'));
  const pins = await openPinStore(path.join(folder, 'pins.json'));
  const log = options.log ?? (() => undefined);
  const context: ContentContext = { folder, blocks, pins, indirectPins: createIndirectPins(blocks, pins), log };
  const active = new Set<Promise<void>>();
  let closed = false;

  const store: ContentStore = {
    handleRequest(req, res) {
      const { pathname, search } = splitUrl(req.url ?? '');
      if (pathname !== API_PREFIX && !pathname.startsWith(`${API_PREFIX}/`)) return false;
      const done = dispatch(context, options.verifySecret, req, res, pathname.slice(API_PREFIX.length + 1), search)
        .catch((error: unknown) => {
          log(`content store: unexpected failure: ${errorMessage(error)}`);
          if (!res.headersSent) replyText(res, 500, 'internal error');
          else res.destroy();
        })
        .finally(() => active.delete(done));
      active.add(done);
      return true;
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.allSettled([...active]);
      await pins.close();
      await blocks.close();
    },
  };
  contexts.set(store, context);
  return store;
}

/**
 * Kubo's handler order: CORS preflight, then (the hosted service's addition) credentials, then the method,
 * then the command, then its arguments, then the command itself.
 */
async function dispatch(
  context: ContentContext,
  verifySecret: ContentStoreOptions['verifySecret'],
  req: http.IncomingMessage,
  res: http.ServerResponse,
  rawCommand: string,
  search: string,
): Promise<void> {
  if (req.method === 'OPTIONS') {
    // A preflight carries no credentials; answering it leaks nothing.
    res.writeHead(204, { allow: ALLOWED_METHODS });
    res.end();
    return;
  }
  const auth = checkBasicAuth(req.headers.authorization, verifySecret);
  if (auth !== 'ok') {
    const refusal = authRefusal(auth);
    replyText(res, 401, refusal.body, refusal.headers);
    return;
  }
  if (req.method !== 'POST') {
    replyText(res, 405, '405 - Method Not Allowed', { allow: ALLOWED_METHODS });
    return;
  }
  let command: string;
  try {
    command = decodeURIComponent(rawCommand);
  } catch {
    replyText(res, 400, 'invalid URL escape in path');
    return;
  }
  const handler = COMMANDS.get(command);
  if (!handler) {
    replyText(res, 404, '404 page not found');
    return;
  }
  const reply = new CommandReply(res);
  try {
    await handler(context, { req, query: new CommandQuery(new URLSearchParams(search)), reply });
  } catch (error) {
    if (error instanceof ClientGoneError) return;
    if (error instanceof ArgumentError && !reply.started) {
      replyText(res, 400, error.message);
      return;
    }
    if (!(error instanceof CommandError)) context.log(`content store: ${command} failed: ${errorMessage(error)}`);
    reply.fail(error);
  }
}

/** Path and query of a request target, without URL parsing that could throw or normalise. */
function splitUrl(url: string): { pathname: string; search: string } {
  const mark = url.indexOf('?');
  return mark < 0 ? { pathname: url, search: '' } : { pathname: url.slice(0, mark), search: url.slice(mark + 1) };
}
