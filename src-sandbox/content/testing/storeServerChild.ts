// A content store on its own HTTP server in a child process, so tests and benchmarks can sample the
// memory of the process serving (and only that). Usage: node --import tsx storeServerChild.ts <dataDir>
// Prints one JSON line {"origin": …} when listening; stops on SIGTERM.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createContentStore } from '../createContentStore';
import { TEST_KEY, TEST_SECRET } from './startTestStore';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: storeServerChild.ts <dataDir>');
const store = await createContentStore({
  dataDir,
  verifySecret: (key, secret) => key === TEST_KEY && secret === TEST_SECRET,
  log: (line) => process.stderr.write(`${line}\n`),
});
const server = http.createServer((req, res) => {
  if (store.handleRequest(req, res)) return;
  res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
  res.end('404 page not found\n');
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })}\n`);
});
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close();
  void store.close().then(() => process.exit(0));
});
