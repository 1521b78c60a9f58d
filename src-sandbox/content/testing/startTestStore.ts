import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createContentStore, type ContentStore } from '../createContentStore';

/** The one credential pair test stores accept. */
export const TEST_KEY = 'content-test-key';
export const TEST_SECRET = 'content-test-secret';
/** `Authorization` header value for the test credentials. */
export const TEST_AUTHORIZATION = `Basic ${Buffer.from(`${TEST_KEY}:${TEST_SECRET}`).toString('base64')}`;

/** A content store on a real HTTP server on 127.0.0.1, with its own data folder. */
export interface TestStore {
  /** `http://127.0.0.1:<port>` (the API is under `/api/v0/`). */
  origin: string;
  dataDir: string;
  store: ContentStore;
  server: http.Server;
  /** Stops the server and the store; removes the data folder unless it was given. */
  close(): Promise<void>;
}

/** Starts a store like the sandbox mounts it: the server answers 404 for paths the store does not claim. */
export async function startTestStore(options: { dataDir?: string; log?: (line: string) => void } = {}): Promise<TestStore> {
  const ownFolder = options.dataDir === undefined;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-content-'));
  const store = await createContentStore({
    dataDir,
    verifySecret: (key, secret) => key === TEST_KEY && secret === TEST_SECRET,
    log: options.log,
  });
  const server = http.createServer((req, res) => {
    if (store.handleRequest(req, res)) return;
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('404 page not found\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    dataDir,
    store,
    server,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await store.close();
      if (ownFolder) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
