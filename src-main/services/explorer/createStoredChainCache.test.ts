import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { HealthEvent } from '../../../src-shared/api/networks';
import { createFeedHub } from '../rpc/createFeedHub';
import { createRpcService, type RpcService } from '../rpc/createRpcService';
import { sandboxNetwork } from '../rpc/testing/sandboxNetwork';
import { sharedSandbox } from '../rpc/testing/sharedSandbox';
import { openStore } from '../store/openStore';
import { createDecodingService } from '../decoding/createDecodingService';
import { createExplorerService } from './createExplorerService';

const sandbox = sharedSandbox();
const rpc = createRpcService({ resolve: async () => sandboxNetwork(sandbox.info, sandbox.info.key) });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-chain-cache-'));
afterAll(async () => {
  await rpc.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The rpc service, counting every request the explorer makes. */
function counting(): { rpc: Pick<RpcService, 'request'>; requests: string[] } {
  const requests: string[] = [];
  return { requests, rpc: { request: (networkId, method, params, options) => (requests.push(method), rpc.request(networkId, method, params, options)) } };
}

function explorerOver(store: ReturnType<typeof openStore>, over: Pick<RpcService, 'request'>) {
  const health = createFeedHub<HealthEvent>({ label: 'health of', log: () => {}, source: (id, emit, signal) => rpc.watchHealth(id, emit, signal) });
  return createExplorerService({ rpc: over, health, networkName: async () => 'Local sandbox', decoding: createDecodingService({ rpc: over, store }), store });
}

/** The disk row is written just after the answer (see createStoredChainCache): waits until `ready` says it is (at most 5 s). */
async function written(ready: () => boolean = () => true): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  for (let waited = 0; !ready() && waited < 5000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('finalized blocks kept in SQLite', () => {
  it('are read from the file after a restart, with no network I/O, by number and by hash; forgetting the network drops them', async () => {
    const first = counting();
    let store = openStore(dataDir);
    const view = await explorerOver(store, first.rpc).block('local', '7', undefined);
    expect(view.finalized).toBe(true);
    expect(first.requests).toContain('eth_getBlockByNumber');
    await written(() => (store.db.prepare("SELECT count(*) AS n FROM chain_cache WHERE chain = 'local' AND kind = 'block'").all()[0] as { n: number }).n > 0);
    store.close();

    // A new process: a new store handle and an empty memory cache.
    store = openStore(dataDir);
    const second = counting();
    const again = explorerOver(store, second.rpc);
    expect(await again.block('local', '7', undefined)).toEqual(view);
    expect(await again.block('local', String(view.block.hash), undefined)).toEqual(view);
    expect(second.requests).toEqual([]);

    again.forget('local');
    expect(store.db.prepare("SELECT count(*) AS n FROM chain_cache WHERE chain = 'local'").all()).toEqual([expect.objectContaining({ n: 0 })]);
    await again.block('local', '7', undefined);
    expect(second.requests).toContain('eth_getBlockByNumber');
    store.close();
  });

  it('ignores a row of the wrong shape, reads the block from the node again and replaces the row', async () => {
    const store = openStore(dataDir);
    const reader = counting();
    const explorer = explorerOver(store, reader.rpc);
    const view = await explorer.block('local', '8', undefined);
    const rowOf = () => store.db.prepare("SELECT json FROM chain_cache WHERE chain = 'local' AND kind = 'block' AND key = ?").all(String(view.block.hash).toLowerCase())[0] as { json: string } | undefined;
    await written(() => rowOf() !== undefined);
    store.db.prepare("UPDATE chain_cache SET json = '{\"block\":1}' WHERE chain = 'local' AND kind = 'block' AND key = ?").run(String(view.block.hash).toLowerCase());
    const fresh = explorerOver(store, counting().rpc);
    const reread = await fresh.block('local', '8', undefined);
    await written(() => rowOf()?.json !== '{"block":1}');
    expect(reread.block.hash).toBe(view.block.hash);
    // The row is the block as read again; the chain's head may have moved on since the first read.
    const row = JSON.parse(rowOf()!.json) as typeof view;
    expect(row).toEqual(reread);
    expect({ ...row, head: view.head }).toEqual(view);
    store.close();
  });
});
