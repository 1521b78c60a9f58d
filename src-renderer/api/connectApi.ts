import { API_SOCKET_PATH } from '../../src-shared/api/apiSocket';
import type { ApiTransport } from './apiTransport';
import type { BlockglassBridge } from './blockglassBridge';
import { missingTokenError } from './clientErrors';
import { createApiClient, type ApiClient } from './createApiClient';
import { electronTransport } from './electronTransport';
import { readAccessToken } from './readAccessToken';
import { refusingTransport } from './refusingTransport';
import { webSocketTransport } from './webSocketTransport';

/** The parts of the page `connectApi` reads; the browser's own unless a test passes others. */
export interface ApiEnvironment {
  bridge: BlockglassBridge | undefined;
  location: Pick<Location, 'hash' | 'pathname' | 'search' | 'protocol' | 'host'>;
  history: Pick<History, 'replaceState' | 'state'>;
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

function pickTransport({ bridge, location, history, WebSocket }: ApiEnvironment): ApiTransport {
  if (bridge) return electronTransport(bridge);
  const { token, present } = readAccessToken(location.hash);
  // Out of the address bar, history and bookmarks at once; the deep link (path and query) stays.
  if (present) history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  if (!token) return refusingTransport(missingTokenError());
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return webSocketTransport({ url: `${scheme}//${location.host}${API_SOCKET_PATH}`, token, WebSocket });
}

function browserEnvironment(): ApiEnvironment {
  return { bridge: window.blockglass, location: window.location, history: window.history };
}
