import net from 'node:net';

/** An HTTP answer read off a raw socket: what the client saw, or that nothing came. */
export type RawAnswer =
  | { kind: 'answer'; status: number; reason: string; headers: Record<string, string>; body: Buffer }
  | { kind: 'closed'; bytes: number }
  | { kind: 'hang' };

/** A request written byte for byte: any method, path, header name or value (Node's client would refuse most). */
export interface RawRequest {
  method: string;
  path: string;
  /** Header lines as written, in order; `connection: close` is added last. */
  headers: [string, string][];
  body?: Buffer | string;
}

/**
 * Sends one request on its own connection, exactly as given (latin1 for the head, so any byte 0-255 can be
 * sent), and reads the answer until the server closes (or, for a WebSocket handshake that succeeded, until its
 * head is complete), or `timeoutMs` passes (a hang). The answer's body is de-chunked.
 */
export function sendRaw(port: number, request: RawRequest, timeoutMs = 10_000): Promise<RawAnswer> {
  const body = typeof request.body === 'string' ? Buffer.from(request.body, 'latin1') : (request.body ?? Buffer.alloc(0));
  const head = [`${request.method} ${request.path} HTTP/1.1`, 'host: 127.0.0.1', ...request.headers.map(([name, value]) => `${name}: ${value}`), 'connection: close', ''].join('\r\n') + '\r\n';
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(port, '127.0.0.1');
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ kind: 'hang' });
    }, timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      // A WebSocket handshake that succeeded keeps the connection open: its head is the whole answer.
      const bytes = Buffer.concat(chunks);
      if (bytes.subarray(0, 12).toString('latin1') === 'HTTP/1.1 101' && bytes.includes('\r\n\r\n')) socket.destroy();
    });
    socket.on('error', () => undefined); // a reset after the answer is still an answer
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(parseAnswer(Buffer.concat(chunks)));
    });
    socket.write(Buffer.concat([Buffer.from(head, 'latin1'), body]));
  });
}

/** Parses `HTTP/1.1 <status> <reason>`, the header lines and the body (de-chunked), after any interim answers. */
export function parseAnswer(bytes: Buffer): RawAnswer {
  // Interim answers (100 Continue) come before the answer itself.
  while (/^HTTP\/1\.[01] 1(?!01)\d\d/.test(bytes.subarray(0, 12).toString('latin1')) && bytes.includes('\r\n\r\n')) bytes = bytes.subarray(bytes.indexOf('\r\n\r\n') + 4);
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) return { kind: 'closed', bytes: bytes.length };
  const [statusLine = '', ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const match = /^HTTP\/1\.[01] (\d{3}) ?(.*)$/.exec(statusLine);
  if (!match) return { kind: 'closed', bytes: bytes.length };
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = bytes.subarray(end + 4);
  // A request whose header value held CR LF was two requests: the first answer ends where its length says.
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) body = dechunk(body);
  else if (/^\d+$/.test(headers['content-length'] ?? '')) body = body.subarray(0, Number(headers['content-length']));
  return { kind: 'answer', status: Number(match[1]), reason: match[2]!, headers, body };
}

function dechunk(bytes: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = bytes.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = Number.parseInt(bytes.subarray(at, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}
