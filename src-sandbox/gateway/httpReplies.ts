import type http from 'node:http';
import type { AuthRefusal } from './authRefusal';
import { errorResponseText, rpcError, RpcCode } from './rpcErrors';

// A public RPC endpoint is called from browsers on any origin; the key in the path is the credential.
const CORS = { 'access-control-allow-origin': '*' } as const;
const ALLOW = 'POST, OPTIONS';

/** Writes a JSON body with CORS headers (and Retry-After when rate-limited). */
export function sendJson(res: http.ServerResponse, status: number, body: Buffer, retryAfterSeconds?: number): void {
  const headers: http.OutgoingHttpHeaders = {
    'content-type': 'application/json',
    'content-length': body.length,
    ...CORS,
  };
  if (retryAfterSeconds !== undefined) headers['retry-after'] = String(retryAfterSeconds);
  res.writeHead(status, headers);
  res.end(body);
}

/** 204 for a body of notifications only. */
export function sendNoContent(res: http.ServerResponse): void {
  res.writeHead(204, CORS);
  res.end();
}

/** The 401 plain-text refusal. */
export function sendAuthRefusal(res: http.ServerResponse, refusal: AuthRefusal): void {
  res.writeHead(refusal.status, refusal.headers);
  res.end(refusal.body);
}

/** 204 CORS preflight answer. */
export function sendPreflight(req: http.IncomingMessage, res: http.ServerResponse): void {
  res.writeHead(204, {
    ...CORS,
    'access-control-allow-methods': ALLOW,
    // Echo what the browser asks for (typically content-type); there are no cookies to protect.
    'access-control-allow-headers': req.headers['access-control-request-headers'] ?? 'content-type',
    'access-control-max-age': '86400',
    allow: ALLOW,
  });
  res.end();
}

/** 405 for anything but POST and OPTIONS. */
export function sendMethodNotAllowed(res: http.ServerResponse): void {
  const body = 'method not allowed\n';
  res.writeHead(405, { ...CORS, allow: ALLOW, 'content-type': 'text/plain', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/** 426 for a plain HTTP request on the WebSocket path. */
export function sendUpgradeRequired(res: http.ServerResponse): void {
  const body = 'this path serves WebSocket connections only\n';
  res.writeHead(426, { ...CORS, upgrade: 'websocket', 'content-type': 'text/plain', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/** 413 with a JSON-RPC error naming the limit; the connection is closed because the rest of the body is not read. */
export function sendPayloadTooLarge(res: http.ServerResponse, limit: number): void {
  const body = Buffer.from(
    errorResponseText(null, rpcError(RpcCode.invalidRequest, `request body exceeds the limit of ${limit} bytes`, { limit })),
  );
  res.shouldKeepAlive = false;
  res.writeHead(413, { 'content-type': 'application/json', 'content-length': body.length, connection: 'close', ...CORS });
  res.end(body);
}

/** Serializes a plain HTTP response for a socket that never became a WebSocket. */
export function rawHttpResponse(status: number, reason: string, headers: Record<string, string>, body: string): string {
  const lines = [`HTTP/1.1 ${status} ${reason}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), 'connection: close'];
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}
