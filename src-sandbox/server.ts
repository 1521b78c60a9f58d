import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { clientErrorResponse, rawTextResponse, type ClientParseError } from './clientErrorResponse';

/** One of the sandbox's interfaces, mounted on the shared port; each claims the paths it owns. */
export interface SandboxRoute {
  handleRequest(req: http.IncomingMessage, res: http.ServerResponse): boolean;
  handleUpgrade?(req: http.IncomingMessage, socket: Duplex, head: Buffer): boolean;
  close(): Promise<void>;
}

/** The sandbox's single HTTP server: JSON-RPC gateway, gas API and content store on one port. */
export interface SandboxServer {
  port: number;
  close(): Promise<void>;
}

/** Listens on host:port and dispatches each request to the first route that claims it; 404 otherwise. */
export async function listenSandboxServer(routes: SandboxRoute[], host: string, port: number): Promise<SandboxServer> {
  const server = http.createServer({ keepAliveTimeout: 65_000 }, (req, res) => {
    for (const route of routes) if (route.handleRequest(req, res)) return;
    // Unknown paths answer like Kubo and Go's default mux: plain text.
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('404 page not found\n');
  });
  server.on('upgrade', (req, socket, head) => {
    for (const route of routes) if (route.handleUpgrade?.(req, socket, head)) return;
    socket.end('HTTP/1.1 404 Not Found\r\ncontent-type: text/plain\r\nconnection: close\r\n\r\n404 page not found\n');
  });
  // An Expect other than 100-continue: Node's own answer is a bare 417; this one says why, as every refusal does.
  server.on('checkExpectation', (_req, res: http.ServerResponse) => {
    const body = '417 Expectation Failed: the only expectation served is 100-continue\n';
    res.writeHead(417, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(body), connection: 'close' });
    res.end(body);
  });
  // CONNECT (a proxy's tunnel) is not served: without this Node closes the connection without a word.
  server.on('connect', (_req, socket: Duplex) => {
    socket.on('error', () => {});
    socket.end(rawTextResponse(405, 'Method Not Allowed', 'CONNECT is not served here'));
  });
  // A request the parser refused gets a status and the reason in words, never an empty 400.
  server.on('clientError', (error: ClientParseError, socket) => {
    if (socket.writable) socket.end(clientErrorResponse(error));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    async close() {
      await Promise.all(routes.map((route) => route.close()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
