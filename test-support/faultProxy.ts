import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** What the proxy does with one request: pass it on, or answer in its own way. */
export type FaultAction =
  /** Forward to the real service and relay its answer. */
  | { kind: 'forward' }
  /** Forward, then send the answer after `ms` (a slow node). */
  | { kind: 'late'; ms: number }
  /** Answer this instead (the real service is not asked). */
  | { kind: 'answer'; status: number; headers?: Record<string, string>; body: string | Buffer }
  /** Forward, then send the answer with `mangle` applied to its body (headers kept, length fixed up). */
  | { kind: 'mangle'; mangle: (body: Buffer) => Buffer }
  /** Forward, then send only the first `bytes` of the answer under its full length, and cut the connection. */
  | { kind: 'truncate'; bytes: number };

/** A proxy in front of a real HTTP service, whose answers a fault test decides one request at a time. */
export interface FaultProxy {
  origin: string;
  /** Requests received so far. */
  requests(): number;
  /** Connections open now (to tell that nothing stays busy). */
  openConnections(): number;
  /** Sets what happens to each request from now on (`index` counts from the first request the proxy saw). */
  behave(decide: (index: number, body: Buffer, path: string) => FaultAction): void;
  close(): Promise<void>;
}

/** Starts a proxy on 127.0.0.1 that forwards to `target` (an origin) unless told otherwise. */
export async function startFaultProxy(target: string): Promise<FaultProxy> {
  let decide: (index: number, body: Buffer, path: string) => FaultAction = () => ({ kind: 'forward' });
  let count = 0;
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const forward = async (req: http.IncomingMessage, body: Buffer) => {
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !['host', 'connection', 'content-length', 'transfer-encoding'].includes(name))) as Record<string, string>;
    const answer = await fetch(`${target}${req.url ?? '/'}`, { method: req.method ?? 'POST', headers, ...(body.length > 0 ? { body } : {}) });
    return { status: answer.status, type: answer.headers.get('content-type') ?? 'application/json', body: Buffer.from(await answer.arrayBuffer()) };
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const action = decide(count++, body, req.url ?? '/');
      const send = (status: number, type: string, bytes: Buffer) => {
        if (res.destroyed) return;
        res.writeHead(status, { 'content-type': type, 'content-length': String(bytes.length) });
        res.end(bytes);
      };
      void (async () => {
        if (action.kind === 'answer') {
          res.writeHead(action.status, { 'content-type': 'application/json', ...action.headers, 'content-length': String(Buffer.byteLength(action.body)) });
          return res.end(action.body);
        }
        const answer = await forward(req, body);
        if (action.kind === 'forward') return send(answer.status, answer.type, answer.body);
        if (action.kind === 'mangle') return send(answer.status, answer.type, action.mangle(answer.body));
        if (action.kind === 'truncate') {
          res.writeHead(answer.status, { 'content-type': answer.type, 'content-length': String(answer.body.length) });
          res.write(answer.body.subarray(0, action.bytes));
          return void setTimeout(() => res.socket?.destroy(), 20);
        }
        const timer = setTimeout(() => {
          timers.delete(timer);
          send(answer.status, answer.type, answer.body);
        }, action.ms);
        timers.add(timer);
      })().catch(() => res.socket?.destroy());
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => count,
    openConnections: () => sockets.size,
    behave(next) {
      decide = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
