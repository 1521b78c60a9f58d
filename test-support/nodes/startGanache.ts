// Test support: Ganache 7 (npm `ganache`), started from its CLI.
import net from 'node:net';
import path from 'node:path';
import { SANDBOX_MNEMONIC } from '../../src-sandbox/chain/anvil';
import { startDevNode, REPO_ROOT, type DevNode } from './devNodeProcess';

/** Ganache's own default chain id. */
export const GANACHE_CHAIN_ID = 1337;

const TRIES = 3;

/**
 * Starts Ganache on a free port with the well-known test mnemonic (instamine: each transaction is mined as it
 * arrives). Ganache refuses port 0, so a port is taken from the OS and given back just before; if another process
 * takes it in between, Ganache exits and another port is tried.
 */
export async function startGanache(): Promise<DevNode> {
  let last: unknown;
  for (let attempt = 0; attempt < TRIES; attempt += 1) {
    const port = await freePort();
    try {
      return await startDevNode({
        label: 'ganache',
        script: path.join(REPO_ROOT, 'node_modules', 'ganache', 'dist', 'node', 'cli.js'),
        args: ['--server.host', '127.0.0.1', '--server.port', String(port), '--chain.chainId', String(GANACHE_CHAIN_ID), '--wallet.mnemonic', SANDBOX_MNEMONIC],
        readyLine: /RPC Listening on 127\.0\.0\.1:(\d+)/,
      });
    } catch (error) {
      last = error;
      if (!/EADDRINUSE/.test((error as Error).message)) throw error;
    }
  }
  throw last;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
