import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LatestView } from '../../../src-shared/api/explorer';
import type { HealthEvent } from '../../../src-shared/api/networks';
import { createDecodingService } from '../decoding/createDecodingService';
import { createFeedHub } from '../rpc/createFeedHub';
import { createRpcService, type RpcService } from '../rpc/createRpcService';
import { sandboxNetwork } from '../rpc/testing/sandboxNetwork';
import { sharedSandbox } from '../rpc/testing/sharedSandbox';
import { openStore, type Store } from '../store/openStore';
import { createExplorerService } from './createExplorerService';
import { createLastSeen, LAST_SEEN_SAVE_MS, watchWithLastSeen } from './lastSeen';

// The home's last view, kept in SQLite: shown at once on the next start while the node does not answer yet.

const sandbox = sharedSandbox();
const live = createRpcService({ resolve: async () => sandboxNetwork(sandbox.info, sandbox.info.key) });
// A node that is not there (nothing listens on port 9): as the Local sandbox is while it starts.
const gone = createRpcService({
  resolve: async () => sandboxNetwork({ ...sandbox.info, rpcUrl: 'http://127.0.0.1:9/v3/key', wsUrl: 'ws://127.0.0.1:9/ws/v3/key' }, sandbox.info.key),
});
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-last-seen-'));
afterAll(async () => {
  await live.close();
  await gone.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function explorerOver(store: Store, rpc: RpcService) {
  const health = createFeedHub<HealthEvent>({ label: 'health of', log: () => {}, source: (id, emit, signal) => rpc.watchHealth(id, emit, signal) });
  return createExplorerService({ rpc, health, networkName: async () => 'Local sandbox', decoding: createDecodingService({ rpc, store }), store });
}

/** Subscribes to the home's feed, collecting its views, until `stop` is called. */
function watch(explorer: ReturnType<typeof explorerOver>) {
  const views: LatestView[] = [];
  const controller = new AbortController();
  const done = explorer.watchLatest('local', 10, (view) => views.push(view), controller.signal).catch(() => undefined);
  return { views, stop: async () => (controller.abort(), await done) };
}

const rowCount = (store: Store) => (store.db.prepare("SELECT count(*) AS n FROM last_seen WHERE network_id = 'local'").all()[0] as { n: number }).n;

describe("the home's last view", () => {
  it('is saved from the live feed, and shown, marked as kept, when the app starts again and the node does not answer', async () => {
    let store = openStore(dataDir);
    const first = watch(explorerOver(store, live));
    // The first view with its transactions (one sent before them, with the blocks alone, is not kept).
    const withTransactions = () => first.views.filter((view) => !view.transactionsPending);
    await expect.poll(() => withTransactions().length, { timeout: 30_000 }).toBeGreaterThan(0);
    await first.stop();
    const shown = withTransactions()[0]!;
    expect(shown.storedAt).toBeUndefined();
    expect(shown.blocks.length).toBe(10);
    expect(rowCount(store)).toBe(1);
    store.close();

    // The next start: a new store handle, and the node not answering.
    store = openStore(dataDir);
    const started = Date.now();
    const second = watch(explorerOver(store, gone));
    await expect.poll(() => second.views.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await second.stop();
    const kept = second.views[0]!;
    expect(kept).toEqual({ ...shown, reset: false, storedAt: expect.any(Number) });
    expect(kept.storedAt!).toBeLessThanOrEqual(started);
    store.close();
  });

  it('is not shown while the node answers, is dropped when the network is forgotten (its chain was replaced), and a row that cannot be read shows nothing', async () => {
    const store = openStore(dataDir);
    const explorer = explorerOver(store, live);
    const feed = watch(explorer);
    await expect.poll(() => feed.views.length, { timeout: 30_000 }).toBeGreaterThan(0);
    await feed.stop();
    // A node that answers never shows the kept view (a row is there from the test above).
    expect(feed.views.filter((view) => view.storedAt !== undefined)).toEqual([]);
    expect(rowCount(store)).toBe(1);
    explorer.forget('local');
    expect(rowCount(store)).toBe(0);

    store.db.prepare("INSERT INTO last_seen (network_id, kind, json, saved_at) VALUES ('local', 'latest:10', '{\"blocks\":1}', 1)").run();
    expect(createLastSeen(store).read('local', 10)).toBeUndefined();
    expect(createLastSeen(store).read('local', 5)).toBeUndefined();
    store.close();
  });

  it('is the first view at once, even one sent before its transactions (a window closed within a second), then the first whole one, then one per interval', async () => {
    // A whole view from the live feed, and the one the feed sends before it (its blocks, the transactions pending).
    const store = openStore(fs.mkdtempSync(path.join(dataDir, 'first-')));
    const feed = watch(explorerOver(store, live));
    await expect.poll(() => feed.views.filter((view) => !view.transactionsPending).length, { timeout: 30_000 }).toBeGreaterThan(0);
    await feed.stop();
    const whole = feed.views.find((view) => !view.transactionsPending)!;
    const blocksAlone: LatestView = { ...whole, transactions: [], transactionsPending: true };
    const lastSeen = createLastSeen(store);
    lastSeen.forget('local');
    const feedOf = (views: LatestView[], times: number[]) =>
      watchWithLastSeen(lastSeen, 'local', 10, () => undefined, async (emit) => views.forEach(emit), () => undefined, () => times.shift()!);

    // Closed right after the first view: the blocks alone are kept.
    await feedOf([blocksAlone], [1_000]);
    expect(lastSeen.read('local', 10)).toEqual({ view: { ...blocksAlone, reset: false }, savedAt: 1_000 });
    // The whole view replaces it at once; one more within the interval is not written, one after it is.
    const newer = { ...whole, head: `0x${(BigInt(whole.head) + 1n).toString(16)}` };
    await feedOf([blocksAlone, whole, newer], [2_000, 2_001, 2_002]);
    expect(lastSeen.read('local', 10)).toEqual({ view: { ...whole, reset: false }, savedAt: 2_001 });
    await feedOf([whole, newer], [3_000, 3_000 + LAST_SEEN_SAVE_MS]);
    expect(lastSeen.read('local', 10)).toEqual({ view: { ...newer, reset: false }, savedAt: 3_000 + LAST_SEEN_SAVE_MS });
    store.close();
  });
});
