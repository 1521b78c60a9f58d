import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { e2eSandbox } from './sandbox';

/** A node of one's own in front of the shared e2e sandbox: a plain JSON-RPC address, no key in it, no price feed the app knows. */
export async function ownNode(): Promise<{ url: string; close: () => void }> {
  const service = e2eSandbox();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void fetch(service.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.concat(chunks) }).then(async (answer) => {
        response.writeHead(answer.status, { 'content-type': 'application/json' });
        response.end(await answer.text());
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}
