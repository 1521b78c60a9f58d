import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPublicClient, http } from 'viem';
import { afterAll, describe, expect, it } from 'vitest';
import type { CallFrame } from '../../../src-shared/trace/callFrame';
import { frameAt, framesOf } from '../../../src-shared/trace/framesOf';
import type { TraceFrameView } from '../../../src-shared/trace/traceView';
import { createDecodingService } from '../decoding/createDecodingService';
import { createContentReader } from '../decoding/readContent';
import { toApiError } from '../errors/thrownToApiError';
import { createRpcService } from '../rpc/createRpcService';
import { localSandboxNetwork, sandboxNetwork } from '../rpc/testing/sandboxNetwork';
import { sharedSandbox } from '../rpc/testing/sharedSandbox';
import { openStore } from '../store/openStore';
import { startAnvil } from '../../../test-support/bareAnvil';
import { createTraceService } from './createTraceService';

// The trace service on the shared sandbox: through its gateway, which refuses debug_ as the hosted service does (so
// the trace is a replay here), and on its Anvil itself, which answers callTracer (so the trace is the node's own).
const sandbox = sharedSandbox();
const { manifest } = sandbox;
const local = localSandboxNetwork(sandbox.info);
const anvil = sandboxNetwork(sandbox.info, '', { id: 'anvil', rpcUrl: sandbox.seededAnvilUrl, wsUrl: null });
const rpc = createRpcService({ resolve: async (networkId) => (networkId === 'anvil' ? { ...anvil, rpcUrl: sandbox.seededAnvilUrl } : local) });
const decoding = createDecodingService({ rpc, readContent: createContentReader(async () => local), projectRoot: process.cwd() });
const trace = createTraceService({ rpc, decoding });
afterAll(() => rpc.close());

/** The frames alone, as a source gives them (what is decoded beside them left out). */
const framesOnly = ({ call: _call, revert: _revert, label: _label, children, ...frame }: TraceFrameView): CallFrame => ({ ...frame, children: children.map(framesOnly) });

describe('the trace service', () => {
  it('replays the deep revert where the node offers no debug_ method, finds where it began and names its custom error', async () => {
    const { deepRevert } = manifest.transactions;
    const view = await trace.transaction('local', deepRevert.hash);
    expect(view).toMatchObject({ source: 'replay', check: { matchesReceipt: true, differences: [] } });
    expect(view.summary.revertOrigin).toHaveLength(deepRevert.depth);
    const origin = frameAt(view.root as unknown as CallFrame, view.summary.revertOrigin!) as unknown as TraceFrameView;
    expect(origin).toMatchObject({ depth: deepRevert.depth, to: deepRevert.revertingContract.toLowerCase(), error: 'execution reverted', output: deepRevert.revertData.toLowerCase() });
    expect(origin.call).toMatchObject({ status: 'decoded', name: deepRevert.revertingFunction });
    expect(origin.contract).toBe('TraceToken');
    expect(origin.revert).toMatchObject({ status: 'decoded', name: deepRevert.errorName });
    // The transaction's own frame failed with the same custom error, passed up unchanged.
    expect(view.root.revert).toMatchObject({ status: 'decoded', name: deepRevert.errorName });
  });

  it("gives the node's own call tree where the node answers callTracer, the same frames as the replay", async () => {
    for (const hash of [manifest.transactions.deepRevert.hash, manifest.transactions.swap, manifest.transactions.create2.hash]) {
      const [replayed, traced] = await Promise.all([trace.transaction('local', hash), trace.transaction('anvil', hash)]);
      expect(traced.source).toBe('callTracer');
      expect(traced.check).toBeUndefined();
      expect(framesOnly(replayed.root)).toEqual(framesOnly(traced.root));
      expect(replayed.summary).toEqual(traced.summary);
    }
  });

  it('counts the calls of the seeded swap and decodes each call', async () => {
    const view = await trace.transaction('local', manifest.transactions.swap);
    const frames = framesOf(view.root as unknown as CallFrame) as unknown as TraceFrameView[];
    expect(view.summary.calls).toBe(frames.length - 1);
    expect(view.summary.calls).toBeGreaterThan(2);
    expect(view.root.call).toMatchObject({ status: 'decoded', name: expect.stringMatching(/^swap/) });
  });

  it('says a transaction the node does not know is not there, in words, never a tree, whichever source the network has', async () => {
    const unknown = `0x${'ab'.repeat(32)}` as const;
    for (const networkId of ['local', 'anvil']) {
      const failure = await trace.transaction(networkId, unknown).then(() => expect.unreachable('a trace of nothing'), toApiError);
      expect(failure).toMatchObject({ kind: 'notFound', code: 'NOT_FOUND', shortMessage: 'The node does not know this transaction.' });
      expect(failure.details).toContain(unknown);
    }
  });

  it("does not take a node's empty answer for a hash it does not know (Anvil's) as its having no call tracer", async () => {
    // A new service, so what the network's node offers is learned from this first, unknown, hash.
    const fresh = createTraceService({ rpc, decoding });
    await expect(fresh.transaction('anvil', `0x${'cd'.repeat(32)}`)).rejects.toThrow('The node does not know this transaction.');
    expect((await fresh.transaction('anvil', manifest.transactions.deepRevert.hash)).source).toBe('callTracer');
  });
});

describe('kept traces', () => {
  it("keeps a finalized transaction's trace on this machine by chain, and opens it again without asking the node", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-trace-'));
    const store = openStore(dataDir);
    const asked: string[] = [];
    const counted = createRpcService({ resolve: async () => local, onRequest: (_networkId, method) => asked.push(method) });
    try {
      const keeping = createTraceService({ rpc: counted, decoding, store, chainOf: async () => 'chain:31337:test' });
      // The swap is mined early in the seed: far below the finalized block.
      const first = await keeping.transaction('local', manifest.transactions.swap);
      expect(asked).toContain('eth_getStorageAt');
      const row = store.db.prepare("SELECT kind, key FROM chain_cache WHERE chain = 'chain:31337:test'").all();
      expect(row).toEqual([expect.objectContaining({ kind: 'trace', key: manifest.transactions.swap.toLowerCase() })]);

      asked.length = 0;
      const reopened = await createTraceService({ rpc: counted, decoding, store, chainOf: async () => 'chain:31337:test' }).transaction('local', manifest.transactions.swap);
      expect(reopened).toEqual(first);
      expect(asked.filter((method) => method === 'debug_traceTransaction' || method.startsWith('eth_getStorageAt') || method === 'eth_getTransactionByHash')).toEqual([]);

      // A row that no longer reads is dropped and the transaction traced again.
      store.db.prepare("UPDATE chain_cache SET json = '{\"source\":\"replay\"}' WHERE kind = 'trace'").run();
      expect(await keeping.transaction('local', manifest.transactions.swap)).toEqual(first);
    } finally {
      await counted.close();
      store.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('keeps a trace only once its block is finalized (on Anvil: 64 blocks below the head)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-trace-'));
    const store = openStore(dataDir);
    const node = await startAnvil();
    const bare = createRpcService({ resolve: async () => ({ ...sandboxNetwork(sandbox.info, '', { id: 'bare', wsUrl: null }), rpcUrl: node.url }) });
    try {
      const keeping = createTraceService({ rpc: bare, decoding, store, chainOf: async () => 'chain:31337:bare' });
      const [from] = await bare.request<`0x${string}`[]>('bare', 'eth_accounts', []);
      const hash = await bare.request<`0x${string}`>('bare', 'eth_sendTransaction', [{ from, to: `0x${'11'.repeat(20)}`, value: '0x1' }]);
      // Anvil mines it on its own, but may answer the send first.
      await createPublicClient({ transport: http(node.url) }).waitForTransactionReceipt({ hash, pollingInterval: 20 });
      const kept = () => store.db.prepare("SELECT key FROM chain_cache WHERE kind = 'trace'").all();
      expect((await keeping.transaction('bare', hash)).source).toBe('callTracer');
      expect(kept()).toEqual([]);
      await bare.request('bare', 'anvil_mine', ['0x40']);
      await keeping.transaction('bare', hash);
      expect(kept()).toEqual([{ key: hash.toLowerCase() }]);
    } finally {
      await bare.close();
      await node.stop();
      store.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
