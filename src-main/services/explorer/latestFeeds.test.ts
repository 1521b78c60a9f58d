import { describe, expect, it } from 'vitest';
import type { LatestView } from '../../../src-shared/api/explorer';
import type { HealthEvent } from '../../../src-shared/api/networks';
import { createFeedHub } from '../rpc/createFeedHub';
import { createRpcService } from '../rpc/createRpcService';
import { sandboxNetwork } from '../rpc/testing/sandboxNetwork';
import { sharedSandbox } from '../rpc/testing/sharedSandbox';
import { createDecoder } from '../decoding/createDecoder';
import { createSignatureDatabase } from '../decoding/signatureDatabase';
import { createLatestFeeds } from './latestFeeds';

const sandbox = sharedSandbox();

const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 400 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  expect(check()).toBe(true);
};

describe("the home's feeds", () => {
  it('one feed per network however many pages watch it; a page back within the linger gets the latest view at once, with nothing read again; then it stops', async () => {
    const real = createRpcService({ resolve: async () => sandboxNetwork(sandbox.info, sandbox.info.key) });
    const asked: string[] = [];
    const rpc = { request: ((networkId, method, params, options) => (asked.push(method), real.request(networkId, method, params, options))) as typeof real.request };
    // The heads, driven by hand: the blocks themselves are read from the real sandbox.
    let emitHead: ((event: HealthEvent) => void) | undefined;
    const health = createFeedHub<HealthEvent>({ label: 'heads of', log: () => {}, source: (_key, send, signal) => ((emitHead = send), new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }))) });
    const head = (number: number) => emitHead!({ networkId: 'local', ok: true, state: 'connected', chainIdMismatch: false, checkedAt: Date.now(), head: { number: `0x${number.toString(16)}`, hash: '0x', timestamp: '0x0' } });
    const decoder = createDecoder({ signatures: createSignatureDatabase(), abis: { abisFor: async () => [], cachedAbisFor: () => [] } });
    const feeds = createLatestFeeds({ rpc, health, decoder, chainOf: async () => undefined, onReset: () => {} }, 1500);

    const first: LatestView[] = [];
    const a = new AbortController();
    const watchA = feeds.watch('local', 5, (view) => first.push(view), a.signal);
    await waitFor(() => emitHead !== undefined);
    head(150);
    await waitFor(() => first.some((view) => !view.transactionsPending));
    const full = first.find((view) => !view.transactionsPending)!;
    expect(full.blocks.map((block) => Number(block.number))).toEqual([150, 149, 148, 147, 146]);
    a.abort();
    await watchA;

    // Back within the linger: the view at once (before any await), and not one request more.
    const readsBefore = asked.length;
    const second: LatestView[] = [];
    const b = new AbortController();
    const watchB = feeds.watch('local', 5, (view) => second.push(view), b.signal);
    expect(second).toEqual([{ ...full, reset: false }]);
    expect(feeds.running()).toEqual(['5 local']);
    expect(asked.length).toBe(readsBefore);

    // While watched it goes on as ever: a new head reads what it adds.
    head(151);
    await waitFor(() => second.some((view) => view.head === '0x97'));
    expect(second.at(-1)!.blocks.map((block) => Number(block.number))).toEqual([151, 150, 149, 148, 147]);
    expect(asked.slice(readsBefore).filter((method) => method === 'eth_getBlockByNumber')).toHaveLength(1);
    b.abort();
    await watchB;

    // Nobody came back: it stops, and so does its head feed.
    await waitFor(() => feeds.running().length === 0 && health.running().length === 0);
  });

  it('a page that comes while the node fails to answer gets the latest view marked as kept, with when it was read', async () => {
    const rpc = createRpcService({ resolve: async () => sandboxNetwork(sandbox.info, sandbox.info.key) });
    let emitHealth: ((event: HealthEvent) => void) | undefined;
    const health = createFeedHub<HealthEvent>({ label: 'heads of', log: () => {}, source: (_key, send, signal) => ((emitHealth = send), new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }))) });
    const decoder = createDecoder({ signatures: createSignatureDatabase(), abis: { abisFor: async () => [], cachedAbisFor: () => [] } });
    let clock = 1_000_000;
    const feeds = createLatestFeeds({ rpc, health, decoder, chainOf: async () => undefined, onReset: () => {} }, 60_000, () => clock);

    const first: LatestView[] = [];
    const a = new AbortController();
    const watchA = feeds.watch('local', 3, (view) => first.push(view), a.signal);
    await waitFor(() => emitHealth !== undefined);
    clock = 2_000_000;
    emitHealth!({ networkId: 'local', ok: true, state: 'connected', chainIdMismatch: false, checkedAt: clock, head: { number: '0x64', hash: '0x', timestamp: '0x0' } });
    await waitFor(() => first.some((view) => !view.transactionsPending));
    const full = first.find((view) => !view.transactionsPending)!;
    a.abort();
    await watchA;

    clock = 3_000_000;
    emitHealth!({ networkId: 'local', ok: false, state: 'error', chainIdMismatch: false, checkedAt: clock });
    const second: LatestView[] = [];
    const b = new AbortController();
    void feeds.watch('local', 3, (view) => second.push(view), b.signal);
    expect(second).toEqual([{ ...full, reset: false, storedAt: 2_000_000 }]);
    b.abort();

    // The node answers again: a page that comes then gets the view as it is.
    emitHealth!({ networkId: 'local', ok: true, state: 'connected', chainIdMismatch: false, checkedAt: clock, head: { number: '0x64', hash: '0x', timestamp: '0x0' } });
    const third: LatestView[] = [];
    const c = new AbortController();
    void feeds.watch('local', 3, (view) => third.push(view), c.signal);
    expect(third[0]).toEqual({ ...full, reset: false });
    c.abort();
  });
});
