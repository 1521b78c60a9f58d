import { describe, expect, it } from 'vitest';
import { isNodeGone } from './nodeGone';

describe('isNodeGone', () => {
  it.each([
    [{ name: 'NetworkDownError', code: 'ECONNREFUSED' }, true],
    [{ name: 'NetworkError', code: 'ECONNRESET' }, true],
    [{ name: 'SocketClosedError', code: 'SOCKET_CLOSED' }, true],
    [{ name: 'LocalNetworkNotRunningError', code: 'LOCAL_NOT_RUNNING' }, true],
    [{ name: 'RpcError', code: -32603 }, true],
    [{ name: 'HttpError', code: 503 }, true],
    [{ name: 'HttpError', code: 502 }, true],
    [{ name: 'HttpError', code: 404 }, false],
    [{ name: 'RpcError', code: -32000 }, false],
    [{ name: 'RateLimitedError', code: 429 }, false],
    [{ name: 'InvalidApiKeyError', code: 401 }, false],
    [{ name: 'TimeoutError', code: 'TIMEOUT' }, false],
  ])('%o → %s', (error, gone) => {
    expect(isNodeGone(error)).toBe(gone);
  });
});
