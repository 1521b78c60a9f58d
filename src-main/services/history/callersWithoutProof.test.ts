import { afterAll, describe, expect, it } from 'vitest';
import type { CallersEvent } from '../../../src-shared/api/callers';
import type { HealthEvent } from '../../../src-shared/api/networks';
import { startFaultProxy, type FaultProxy } from '../../../test-support/faultProxy';
import { createDecodingService } from '../decoding/createDecodingService';
import { createExplorerService } from '../explorer/createExplorerService';
import { createFeedHub } from '../rpc/createFeedHub';
import { createRpcService } from '../rpc/createRpcService';
import { localSandboxNetwork } from '../rpc/testing/sandboxNetwork';
import { sharedSandbox } from '../rpc/testing/sharedSandbox';
import { createHistoryService } from './createHistoryService';

// A provider that does not offer eth_getProof (as some hosted ones do not): the sandbox behind a proxy that answers
// eth_getProof, alone or in a batch, with the hosted service's "method not available". Everything else is the
// sandbox's own answer.

const sandbox = sharedSandbox();
const REFUSAL = 'the method eth_getProof does not exist/is not available';
let proxy: FaultProxy | undefined;
afterAll(async () => {
  await proxy?.close();
});

type Call = { id: number | string; method: string };
type Answer = { id: number | string; result?: unknown; error?: unknown };

/** The history service over the proxy, and raw JSON-RPC to the sandbox itself (the facts, read without the app). */
async function overRefusingProxy() {
  proxy = await startFaultProxy(new URL(sandbox.info.rpcUrl).origin);
  proxy.behave((_, body) => {
    const asked = JSON.parse(body.toString('utf8')) as Call | Call[];
    const refused = new Set((Array.isArray(asked) ? asked : [asked]).filter((call) => call.method === 'eth_getProof').map((call) => call.id));
    if (refused.size === 0) return { kind: 'forward' };
    const refuse = (answer: Answer): Answer => (refused.has(answer.id) ? { id: answer.id, error: { code: -32601, message: REFUSAL } } : answer);
    return {
      kind: 'mangle',
      mangle: (answer) => {
        const parsed = JSON.parse(answer.toString('utf8')) as Answer | Answer[];
        return Buffer.from(JSON.stringify(Array.isArray(parsed) ? parsed.map(refuse) : { jsonrpc: '2.0', ...refuse(parsed) }));
      },
    };
  });
  const local = localSandboxNetwork(sandbox.info);
  const viaProxy = { ...local, rpcUrl: local.rpcUrl.replace(new URL(local.rpcUrl).origin, proxy.origin) };
  const rpc = createRpcService({ resolve: async () => viaProxy });
  const health = createFeedHub<HealthEvent>({ label: 'health of', log: () => {}, source: (id, emit, signal) => rpc.watchHealth(id, emit, signal) });
  const decoding = createDecodingService({ rpc });
  const explorer = createExplorerService({ rpc, health, networkName: async () => 'Local sandbox', decoding });
  return { history: createHistoryService({ rpc, explorer, chainOf: (id) => decoding.chainOf(id), decoding }), rpc };
}

const raw = async <T>(method: string, params: unknown[]): Promise<T> => {
  const response = await fetch(sandbox.info.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  return ((await response.json()) as { result: T }).result;
};

describe('who called a contract, on a node without eth_getProof', () => {
  it("says the node refused it in its words, and finds WETH's callers from its logs and its balance", async () => {
    const weth = sandbox.manifest.contracts.weth.toLowerCase();
    const { history, rpc } = await overRefusingProxy();
    const events: CallersEvent[] = [];
    await history.callers('local', weth, (event) => events.push(event), new AbortController().signal);
    await rpc.close();
    const start = events.find((event): event is Extract<CallersEvent, { kind: 'start' }> => event.kind === 'start')!;
    const done = events.find((event): event is Extract<CallersEvent, { kind: 'done' }> => event.kind === 'done')!;
    const rows = events.flatMap((event) => (event.kind === 'rows' ? event.rows : []));
    expect([start.mode, start.proofRefused]).toEqual(['balance', REFUSAL]);
    expect(done.count).toBe(rows.length);
    const listed = new Map(rows.map((row) => [row.transactionHash, row.touch]));

    // Every transaction whose receipt holds a WETH log is listed: sent to it (called), or elsewhere (emitted).
    const logs = await raw<{ transactionHash: string }[]>('eth_getLogs', [{ address: weth, fromBlock: '0x0', toBlock: done.head }]);
    expect(logs.length).toBeGreaterThan(10);
    for (const log of logs) expect(['called', 'emitted']).toContain(listed.get(log.transactionHash));
    // Every transaction sent to it in a block where its balance changed is listed as called.
    let checked = 0;
    for (let block = BigInt(done.from) + 1n; block <= BigInt(done.head); block++) {
      const [was, is] = await Promise.all([raw<string>('eth_getBalance', [weth, `0x${(block - 1n).toString(16)}`]), raw<string>('eth_getBalance', [weth, `0x${block.toString(16)}`])]);
      if (was === is) continue;
      const full = await raw<{ transactions: { hash: string; to: string | null }[] }>('eth_getBlockByNumber', [`0x${block.toString(16)}`, true]);
      for (const tx of full.transactions.filter((each) => each.to?.toLowerCase() === weth)) {
        expect(listed.get(tx.hash)).toBe('called');
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});
