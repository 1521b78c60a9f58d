// SECURITY: every WebSocket connection to the API passes these checks, in this order, before it is
// accepted. Do not remove or reorder one: path, Host (DNS rebinding), Origin (other pages), token.
import { API_SOCKET_PATH } from '../../src-shared/api/apiSocket';
import { checkToken } from './checkToken';
import { isAllowedHost } from './isAllowedHost';
import { isAllowedOrigin } from './isAllowedOrigin';

/** The parts of an upgrade request the checks read. */
export interface UpgradeRequest {
  url: string | undefined;
  host: string | undefined;
  origin: string | undefined;
  protocol: string | undefined;
}

/** Accepted, or refused with the HTTP status to answer and a reason to log (never the token). */
export type UpgradeVerdict = { ok: true } | { ok: false; status: 400 | 401 | 403 | 404; reason: string };

/** Decides whether a WebSocket upgrade may reach the API. */
export function checkUpgrade(request: UpgradeRequest, expected: { port: number; token: string }): UpgradeVerdict {
  const path = (request.url ?? '').split('?')[0];
  if (path !== API_SOCKET_PATH) return { ok: false, status: 404, reason: 'not the API path' };
  if (!isAllowedHost(request.host, expected.port)) return { ok: false, status: 403, reason: 'Host header is not 127.0.0.1:<port>' };
  if (!isAllowedOrigin(request.origin, expected.port)) {
    return { ok: false, status: 403, reason: request.origin === undefined ? 'no Origin header' : "Origin is not the host's own" };
  }
  switch (checkToken(request.protocol, expected.token)) {
    case 'ok':
      return { ok: true };
    case 'no-subprotocol':
      return { ok: false, status: 400, reason: 'the blockglass subprotocol was not offered' };
    case 'missing':
      return { ok: false, status: 401, reason: 'no access token' };
    case 'wrong':
      return { ok: false, status: 401, reason: 'wrong access token' };
  }
}
