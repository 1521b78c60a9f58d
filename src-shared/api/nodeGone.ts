import type { ApiError } from './apiError';

/**
 * Whether an error says the node (or the service in front of it) is gone for now rather than refusing the
 * request: nothing listens (connection refused), the connection broke, a proxy answered 502/503/504, the
 * node's gateway failed inside (JSON-RPC -32603, "upstream request failed": its node died under it), or the
 * Local sandbox is not running (crashed and restarting, or stopped).
 * Work that meets one waits and tries again by itself (a log run, an open page) instead of giving up.
 */
export function isNodeGone(error: Pick<ApiError, 'name' | 'code'>): boolean {
  switch (error.name) {
    case 'NetworkDownError':
    case 'NetworkError':
    case 'SocketClosedError':
    case 'LocalNetworkNotRunningError':
      return true;
    case 'RpcError':
      return error.code === -32603;
    case 'HttpError':
      return error.code === 502 || error.code === 503 || error.code === 504;
    default:
      return false;
  }
}
