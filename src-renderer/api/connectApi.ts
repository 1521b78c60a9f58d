import { API_SOCKET_PATH } from '../../src-shared/api/apiSocket';
import type { ApiTransport } from './apiTransport';
import type { BlockglassBridge } from './blockglassBridge';
import { missingTokenError } from './clientErrors';
import { createApiClient, type ApiClient } from './createApiClient';
import { electronTransport } from './electronTransport';
import { isAccessToken, readAccessToken, TOKEN_STORAGE_KEY } from './readAccessToken';
import { refusingTransport } from './refusingTransport';
import { webSocketTransport } from './webSocketTransport';

/** The parts of the page `connectApi` reads; the browser's own unless a test passes others. */
export interface ApiEnvironment {
  bridge: BlockglassBridge | undefined;
  location: Pick<Location, 'hash' | 'pathname' | 'search' | 'protocol' | 'host'>;
  history: Pick<History, 'replaceState' | 'state'>;
  /**
   * This tab's sessionStorage, which keeps the token across a reload (undefined where the page has none); opened only
   * when used: opening it is a few milliseconds of a cold page's first script.
   */
  storage?: () => Pick<Storage, 'getItem' | 'setItem'> | undefined;
  /** When the token is written to storage: at once where not given; in a browser, off the first paint's path. */
  later?: (work: () => void) => void;
  WebSocket?: new (url: string, protocols: string[]) => WebSocket;
}

let pageClient: ApiClient | undefined;

/**
 * The page's API client, over the right pipe: Electron's preload bridge when it is there, otherwise
 * the web host's WebSocket with the token taken from `#token=...` (then removed from the address
 * bar, keeping path and query). Without a token every call fails with a clear error. The page's
 * client is made once: the token can only be read once.
 */
export function connectApi(environment?: ApiEnvironment): ApiClient {
  if (environment) return createApiClient(pickTransport(environment));
  pageClient ??= createApiClient(pickTransport(browserEnvironment()));
  return pageClient;
}

function pickTransport({ bridge, location, history, storage, later = (work) => work(), WebSocket }: ApiEnvironment): ApiTransport {
  if (bridge) return electronTransport(bridge);
  const fragment = readAccessToken(location.hash);
  // Out of the address bar, history and bookmarks at once; the deep link (path and query) stays.
  if (fragment.present) history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  // A reload has no fragment: the token this tab was opened with, from its sessionStorage (readAccessToken.ts).
  const kept = fragment.present ? undefined : readKept(storage?.());
  const token = fragment.present ? fragment.token : kept;
  const given = fragment.token;
  if (given) later(() => keep(storage?.(), given));
  if (!token) return refusingTransport(missingTokenError());
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return webSocketTransport({ url: `${scheme}//${location.host}${API_SOCKET_PATH}`, token, WebSocket });
}

function browserEnvironment(): ApiEnvironment {
  return { bridge: window.blockglass, location: window.location, history: window.history, storage: sessionStorageOf, later: idleOrHidden };
}

function sessionStorageOf(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined; // storage turned off for this page: a reload then needs the address with its token
  }
}

/** Runs `work` once the window is idle (at most 2 s away) or as the page is hidden (a reload, a close), whichever is first. */
function idleOrHidden(work: () => void): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    window.removeEventListener('pagehide', run);
    work();
  };
  window.addEventListener('pagehide', run);
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 2000 });
  else window.setTimeout(run, 0);
}

function readKept(storage: Pick<Storage, 'getItem'> | undefined): string | undefined {
  try {
    const value = storage?.getItem(TOKEN_STORAGE_KEY);
    return isAccessToken(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function keep(storage: Pick<Storage, 'setItem'> | undefined, token: string): void {
  try {
    storage?.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // full or turned off: this load works, a reload will need the address with its token
  }
}
