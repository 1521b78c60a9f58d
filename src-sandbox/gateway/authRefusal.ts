/*
 * SECURITY: these answers must not say anything about the key beyond "missing" or "invalid", and
 * must never echo it. Keep the check in front of every gateway path (HTTP and WebSocket).
 */
import type { GatewayPath } from './gatewayPaths';

/** A plain-text HTTP refusal, identical on the HTTP and WebSocket paths. */
export interface AuthRefusal {
  status: 401;
  headers: Record<string, string>;
  body: string;
}

const REALM = 'Basic realm="Auth failure, invalid project id"';

/** Checks the key in a gateway path: the accepted key, or the hosted service's 401. */
export function checkKey(path: GatewayPath, isValidKey: (key: string) => boolean): { key: string } | { refusal: AuthRefusal } {
  if (path.key !== undefined && isValidKey(path.key)) return { key: path.key };
  const body = path.key === undefined ? 'project id required in the url\n' : 'invalid project id\n';
  return {
    refusal: {
    status: 401,
    headers: {
      'content-type': 'text/plain',
      'www-authenticate': REALM,
      'access-control-allow-origin': '*',
      'content-length': String(Buffer.byteLength(body)),
    },
    body,
    },
  };
}
