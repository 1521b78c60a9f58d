import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedSandbox } from './testing/sharedSandbox';
import type { HealthEvent } from '../../../src-shared/api/networks';
import type { NetworkWithCredentials } from './networkWithCredentials';
import { createRpcService, type RpcService } from './createRpcService';
import { closedPort } from './testing/closedPort';
import { startFakeRpcServer, type FakeRpcServer } from './testing/fakeRpcServer';
import { sandboxNetwork } from './testing/sandboxNetwork';

// Property: whatever the key, no error the rpc service produces (probe reports, request failures, health
// events) contains it, in any spelling. The errors are real: requests with random keys against the sandbox,
// a closed port, and stand-ins that hang or echo the request path (with the key) back in their answer.
const sandbox = sharedSandbox();
const keys = fc.stringMatching(/^[A-Za-z0-9_-]{16,48}$/);
let echo: FakeRpcServer;
let garbage: FakeRpcServer;
let hanging: FakeRpcServer;
let downPort: number;
let current: NetworkWithCredentials;
let rpc: RpcService;

beforeAll(async () => {
  echo = await startFakeRpcServer((_body, _index, path) => ({ status: 500, body: `upstream failed for ${path} (${decodeURIComponent(path)})` }));
  garbage = await startFakeRpcServer((_body, _index, path) => ({ status: 200, headers: { 'content-type': 'application/json' }, body: `{"jsonrpc": oops ${path}` }));
  hanging = await startFakeRpcServer(() => ({ hang: true }));
  downPort = await closedPort();
  rpc = createRpcService({ resolve: async () => current, timeoutMs: 300, retryPolicy: { retries: 1, baseDelayMs: 1, maxDelayMs: 10 } });
});
afterAll(async () => {
  await rpc.close();
  await Promise.all([echo.close(), garbage.close(), hanging.close()]);
});

const at = (rpcUrl: string, key: string) => sandboxNetwork({ ...sandbox.info, rpcUrl: `${rpcUrl}/local/v3/${key}`, wsUrl: `${rpcUrl.replace('http', 'ws')}/local/ws/v3/${key}` }, key);
const endpoints: Array<[string, () => string]> = [
  ['the sandbox (401)', () => sandbox.info.gasUrl],
  ['a closed port', () => `http://127.0.0.1:${downPort}`],
  ['a node echoing the path in a 500', () => echo.origin],
  ['a node answering garbage', () => garbage.origin],
  ['a node that never answers', () => hanging.origin],
];

/** Every error the service produces for `key` at `origin`, serialized. */
async function everythingSaid(origin: string, key: string): Promise<string> {
  current = at(origin, key);
  const report = await rpc.probe('local');
  const failure = await rpc.request('local', 'eth_blockNumber', []).catch((error: unknown) => error);
  const events: HealthEvent[] = [];
  const controller = new AbortController();
  const watching = rpc.watchHealth('local', (event) => {
    events.push(event);
    if (events.length >= 2) controller.abort();
  }, controller.signal);
  setTimeout(() => controller.abort(), 3000);
  await watching;
  expect(report.ok).toBe(false);
  expect(events.some((event) => event.state === 'error')).toBe(true);
  return [JSON.stringify(report), JSON.stringify(failure), String(failure), (failure as Error).stack ?? '', JSON.stringify(events)].join('\n');
}

describe('no error of the rpc service contains the key', () => {
  it.each(endpoints)('with random keys, at %s', async (_name, origin) => {
    await fc.assert(
      fc.asyncProperty(keys, async (key) => {
        const text = await everythingSaid(origin(), key);
        expect(text).not.toContain(key);
        expect(text).not.toContain(encodeURIComponent(key));
      }),
      { numRuns: 12 },
    );
  });
});
