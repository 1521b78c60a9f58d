import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SentEvent } from '../../../src-shared/api/history';
import type { HealthEvent } from '../../../src-shared/api/networks';
import { createDecodingService } from '../decoding/createDecodingService';
import { createExplorerService } from '../explorer/createExplorerService';
import { createFeedHub } from '../rpc/createFeedHub';
import { createRpcService, type RpcService } from '../rpc/createRpcService';
import { localSandboxNetwork } from '../rpc/testing/sandboxNetwork';
import { sharedSandbox } from '../rpc/testing/sharedSandbox';
import { createHistoryService, type HistoryService } from './createHistoryService';

// However many tabs bisect at once, a network is sent at most so many reads of state at past blocks at a time (the
// app's OLD_STATE_READS_AT_ONCE; 4 here, well below what these tabs send together without a cap: near 30, their
// levels batched): counted by a proxy in front of the sandbox, from the moment a request reaches it to its answer.

const AT_ONCE = 4;
const PAST_STATE = new Set(['eth_getBalance', 'eth_getTransactionCount', 'eth_getProof', 'eth_getCode', 'eth_getStorageAt']);
type Call = { method?: string; params?: unknown[] };
/** Reads in a JSON-RPC body (one call or a batch) of state at a block given by number. */
const pastStateReads = (body: Buffer): number => {
  const parsed = JSON.parse(body.toString()) as Call | Call[];
  return (Array.isArray(parsed) ? parsed : [parsed]).filter((call) => PAST_STATE.has(call.method ?? '') && /^0x[0-9a-f]+$/i.test(String(call.params?.at(-1) ?? ''))).length;
};

describe('reads of state at past blocks', () => {
  const sandbox = sharedSandbox();
  let proxy: http.Server;
  let inFlight = 0;
  let most = 0;
  let seen = 0;
  let rpc: RpcService;
  let history: HistoryService;

  beforeAll(async () => {
    const target = new URL(sandbox.info.rpcUrl).origin;
    proxy = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        const reads = pastStateReads(body);
        inFlight += reads;
        seen += reads;
        most = Math.max(most, inFlight);
        void fetch(`${target}${req.url}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: req.headers.authorization ?? '' }, body })
          .then(async (answer) => {
            const bytes = Buffer.from(await answer.arrayBuffer());
            inFlight -= reads;
            res.writeHead(answer.status, { 'content-type': 'application/json', 'content-length': String(bytes.length) }).end(bytes);
          })
          .catch(() => res.destroy());
      });
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    const local = localSandboxNetwork({ ...sandbox.info, rpcUrl: sandbox.info.rpcUrl.replace(target, origin) });
    rpc = createRpcService({ resolve: async () => local });
    const health = createFeedHub<HealthEvent>({ label: 'health of', log: () => {}, source: (id, emit, signal) => rpc.watchHealth(id, emit, signal) });
    const decoding = createDecodingService({ rpc });
    const explorer = createExplorerService({ rpc, health, networkName: async () => 'Local sandbox', decoding });
    history = createHistoryService({ rpc, explorer, chainOf: (networkId) => decoding.chainOf(networkId), oldStateReadsAtOnce: AT_ONCE });
  });
  afterAll(async () => {
    await rpc?.close();
    await new Promise((resolve) => proxy?.close(resolve));
  });

  it(`sends at most ${AT_ONCE} at once, whatever the tabs ask together, and their answers are the chain's`, { timeout: 120_000 }, async () => {
    const [a, b] = sandbox.manifest.accounts.traders;
    const deployer = sandbox.manifest.accounts.deployer.address;
    const events: SentEvent[] = [];
    // Three tabs at once: two balances sampled at 200 blocks each (400 reads in their first level), and the nonce search
    // of the deployer's 100 newest transactions (its levels go out as batches of dozens).
    const [first, second] = await Promise.all([
      history.balance('local', a!.address, 200),
      history.balance('local', b!.address, 200),
      history.sent('local', deployer, { count: 100 }, (event) => events.push(event), new AbortController().signal),
      history.callers('local', sandbox.manifest.contracts.pairs[0]!.address, () => {}, new AbortController().signal),
    ]);
    expect(seen).toBeGreaterThan(400);
    expect(most).toBeLessThanOrEqual(AT_ONCE);
    expect(most).toBeGreaterThan(1);
    for (const change of [...first.changes.slice(-2), ...second.changes.slice(-2)]) {
      const owner = first.changes.includes(change) ? a!.address : b!.address;
      const response = await fetch(sandbox.info.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [owner, change.block] }) });
      expect(BigInt(((await response.json()) as { result: string }).result)).toBe(BigInt(change.after));
    }
    expect(events.some((event) => event.kind === 'page' && event.page.rows.length > 0)).toBe(true);
  });
});
