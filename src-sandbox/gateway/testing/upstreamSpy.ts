/**
 * Test support (not a test itself): a proxy between a gateway and Anvil that records which
 * methods reach the node over HTTP, and can cut the WebSocket connections, to show what the
 * head cache answers on its own and what it does when its socket is gone.
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

/** A recording, cuttable proxy in front of one node. */
export interface UpstreamSpy {
  /** HTTP address to give the gateway as its upstream. */
  url: string;
  /** WebSocket address to give the gateway as its upstream. */
  wsUrl: string;
  /** How many JSON-RPC requests (batch items each) for `method` reached the node over HTTP. */
  count(method: string): number;
  /** WebSocket connections currently open through the proxy. */
  openSockets(): number;
  /** Cuts every WebSocket connection and refuses new ones until `restore()`. */
  cutSockets(): void;
  /** Delays what the node sends over WebSocket (notifications, answers) by `ms`: a slow notification path. */
  delaySockets(ms: number): void;
  restore(): void;
  close(): Promise<void>;
}

/** Starts a spy in front of the node at `nodeUrl` (its HTTP and WebSocket share the port, as Anvil's do). */
export async function startUpstreamSpy(nodeUrl: string): Promise<UpstreamSpy> {
  const node = new URL(nodeUrl);
  const counts = new Map<string, number>();
  const sockets = new Set<net.Socket>();
  let cut = false;
  let delayMs = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      record(body);
      fetch(nodeUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
        .then(async (answer) => {
          const bytes = Buffer.from(await answer.arrayBuffer());
          res.writeHead(answer.status, { 'content-type': 'application/json', 'content-length': bytes.length });
          res.end(bytes);
        })
        .catch(() => res.destroy());
    });
  });

  function record(body: Buffer): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      return;
    }
    for (const item of Array.isArray(parsed) ? parsed : [parsed]) {
      const method = (item as { method?: unknown } | null)?.method;
      if (typeof method === 'string') counts.set(method, (counts.get(method) ?? 0) + 1);
    }
  }

  // WebSocket upgrades are passed through as raw TCP, so the proxy can cut them at will.
  server.on('upgrade', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    if (cut) {
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(node.port), node.hostname);
    const lines = [`${req.method} ${req.url} HTTP/1.1`];
    for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
    upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (head.length > 0) upstream.write(head);
    client.pipe(upstream);
    // Chunks keep their order as long as the delay is only changed while the sockets are quiet.
    upstream.on('data', (chunk: Buffer) => (delayMs === 0 ? client.write(chunk) : setTimeout(() => client.write(chunk), delayMs)));
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(a);
      a.on('error', () => b.destroy());
      a.on('close', () => {
        sockets.delete(a);
        b.destroy();
      });
    }
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}`,
    count: (method) => counts.get(method) ?? 0,
    // Each connection is two sockets (client side and node side).
    openSockets: () => sockets.size / 2,
    cutSockets() {
      cut = true;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      cut = false;
    },
    delaySockets(ms) {
      delayMs = ms;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
