import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** What the fake server answers: a status, headers and a body (an object is sent as JSON). */
export interface FakeReply {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** Never answer (for timeouts); the socket is closed when the server closes. */
  hang?: boolean;
}

/** One request the fake server received. */
export interface FakeRequest {
  path: string;
  body: unknown;
  at: number;
}

/** A local HTTP server that answers JSON-RPC the way a test scripts it. */
export interface FakeRpcServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  port: number;
  requests: FakeRequest[];
  close(): Promise<void>;
}

/**
 * Starts a JSON-RPC stand-in on 127.0.0.1 for behaviours the real sandbox does not show on demand (429 with
 * `backoff_seconds`, 403 allowlist refusals, hanging answers, Starknet). `reply` gets the parsed body (an
 * array for a batch) and its index among all requests.
 */
export async function startFakeRpcServer(reply: (body: unknown, index: number, path: string) => FakeReply): Promise<FakeRpcServer> {
  const requests: FakeRequest[] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = undefined;
      }
      const path = req.url ?? '/';
      requests.push({ path, body, at: Date.now() });
      const answer = reply(body, requests.length - 1, path);
      if (answer.hang) return;
      const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? null);
      res.writeHead(answer.status ?? 200, { 'content-type': typeof answer.body === 'string' ? 'text/plain' : 'application/json', ...answer.headers });
      res.end(text);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A JSON-RPC success answer to `body` (answering each item of a batch with `result(method)`). */
export function answerAll(body: unknown, result: (method: string) => unknown): unknown {
  const one = (item: { id?: unknown; method?: string }) => ({ jsonrpc: '2.0', id: item.id ?? null, result: result(item.method ?? '') });
  return Array.isArray(body) ? body.map(one) : one(body as { id?: unknown; method?: string });
}

/** A JSON-RPC error answer to `body` (one error object, as the service answers a refused batch). */
export function answerError(body: unknown, error: { code: number; message: string; data?: unknown }): unknown {
  const id = Array.isArray(body) ? null : ((body as { id?: unknown } | undefined)?.id ?? null);
  return { jsonrpc: '2.0', id, error };
}
