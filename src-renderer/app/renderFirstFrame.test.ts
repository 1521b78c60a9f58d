import { describe, expect, it } from 'vitest';
import type { AddressView } from '../../src-shared/api/explorerViews';
import type { LatestView } from '../../src-shared/api/explorer';
import type { NetworkView } from '../../src-shared/api/networks';
import { localNetwork } from '../../src-shared/networks/localNetwork';
import { fakeTransport, type FakeApiHandlers } from '../api/createFakeApiClient';
import { renderFirstFrame } from './renderFirstFrame';

// The first frame as the shells draw it: away from any window (this tier runs in Node, with no DOM), over the
// fake's pipe into the dispatcher's own connection core. What the built bundle draws on the real sandbox is the
// journeys' (e2e/read-a-transaction-before-the-app-has-started.spec.ts).

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const LOCAL: NetworkView = { ...localNetwork({ chainId: 31337, rpcUrl: 'http://127.0.0.1:1/local/v3/', wsUrl: 'ws://127.0.0.1:1/local/v3/', gasUrl: 'http://127.0.0.1:1', storageUrl: 'http://127.0.0.1:1' }), credential: { configured: false }, selected: true, available: true } as NetworkView;
const VIEW: AddressView = { address: ADDRESS, block: '0x10', balance: '0x1bc16d674ec80000', nonce: '0x3', codeSize: 0, isContract: false, abi: null };
const never = () => new Promise<never>(() => {});

/** The frame's text as a window shows it, and what the frame was asked for, in order. */
async function draw(pathname: string, methods: FakeApiHandlers['methods'], budgetMs = 5_000, search = '', topics: FakeApiHandlers['topics'] = {}) {
  const asked: string[] = [];
  const counted = Object.fromEntries(Object.entries(methods ?? {}).map(([name, handler]) => [name, (input: never, context: never) => (asked.push(name), (handler as (input: never, context: never) => unknown)(input, context))]));
  const frame = await renderFirstFrame(fakeTransport({ methods: counted, topics }, 'web'), pathname, search, { budgetMs });
  const text = frame ? textOf(frame.html) : undefined;
  return { frame, text, asked };
}

/** The text of markup as React writes it (its few entities decoded), spaces collapsed. */
function textOf(html: string): string {
  const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'", '&#39;': "'", '&nbsp;': ' ' };
  return html
    .replace(/<!--.*?-->/g, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(?:amp|lt|gt|quot|nbsp|#x27|#39);/g, (entity) => entities[entity] ?? entity)
    .replace(/\s+/g, ' ');
}

describe('renderFirstFrame', () => {
  it("draws an address page with what it read: the networks, then the address's balance, in two rounds", async () => {
    const { frame, text, asked } = await draw(`/explorer/address/${ADDRESS}`, {
      'networks.list': async () => [LOCAL],
      'settings.get': async () => ({ theme: 'system' }),
      'explorer.address': async () => VIEW,
    });
    expect(text).toMatch(/Balance\s*2 ETH/);
    expect(text).toContain('Local sandbox');
    expect(asked.filter((name) => name === 'explorer.address')).toHaveLength(1);
    expect(asked.indexOf('networks.list')).toBeLessThan(asked.indexOf('explorer.address'));
    // The reads go with the frame, for the window's first render: the address's answer among them.
    const keys = (frame?.state.queries ?? []).map((query) => JSON.stringify(query.queryKey));
    expect(keys.some((key) => key.includes('address') && key.includes(ADDRESS.toLowerCase()) || key.includes(ADDRESS))).toBe(true);
    expect(JSON.stringify(frame?.state)).toContain('0x1bc16d674ec80000');
  });

  it('draws what has come when the budget runs out, and leaves the rest for the window to read', async () => {
    const started = Date.now();
    const { frame, text } = await draw(`/explorer/address/${ADDRESS}`, { 'networks.list': async () => [LOCAL], 'settings.get': async () => ({ theme: 'system' }), 'explorer.address': never }, 300);
    expect(Date.now() - started).toBeLessThan(3_000); // bounded by the budget, not by the read that never ends
    expect(text).toContain('Local sandbox');
    expect(text).not.toMatch(/Balance\s*\d/);
    expect(JSON.stringify(frame?.state)).not.toContain('explorer.address');
  });

  it('leaves a read that failed to the window, which asks again and shows why: the frame shows it being read', async () => {
    const { frame, text, asked } = await draw(`/explorer/address/${ADDRESS}`, {
      'networks.list': async () => [LOCAL],
      'explorer.address': async () => {
        throw Object.assign(new Error('The node did not answer.'), { name: 'NodeUnreachableError' });
      },
    });
    expect(asked).toContain('explorer.address');
    expect(text).toContain(`Reading ${ADDRESS.slice(0, 10)}`);
    expect(text).not.toMatch(/Balance\s*\d/);
    expect(frame?.state.queries.length).toBeGreaterThan(0);
    expect(frame?.state.queries.every((query) => query.state.status === 'success')).toBe(true);
  });

  it("draws the explorer's home with the first event of its feed of latest blocks, and hands that event on", async () => {
    const now = Math.floor(Date.now() / 1000);
    const latest: LatestView = {
      head: '0x2a',
      blocks: [{ number: '0x2a', hash: `0x${'ee'.repeat(32)}`, timestamp: `0x${now.toString(16)}`, miner: `0x${'00'.repeat(20)}`, transactionCount: 3, gasUsed: '0x0', gasLimit: '0x1c9c380', baseFeePerGas: '0x7' }],
      transactions: [],
      reset: false,
    };
    let left = false;
    const { frame, text } = await draw('/explorer', { 'networks.list': async () => [LOCAL], 'settings.get': async () => ({ theme: 'system' }) }, 5_000, '', {
      'explorer.latest': async (_input, emit, signal) => {
        emit(latest);
        await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
        left = true;
      },
    });
    expect(text).toContain('42');
    expect(frame?.state.events).toEqual([{ topic: 'explorer.latest', input: { networkId: 'local', count: 10 }, payload: latest }]);
    await expect.poll(() => left).toBe(true); // the feed is left once its first event is in
    // Kept for the drawing only: a second frame with no feed draws no blocks.
    const again = await draw('/explorer', { 'networks.list': async () => [LOCAL] }, 300);
    expect(again.text).not.toContain(' 42 ');
  });

  it('draws nothing, and asks nothing, for a page without a first frame', async () => {
    for (const [pathname, search] of [['/call', ''], ['/gas', ''], [`/explorer/address/${ADDRESS}`, '?tab=history']] as const) {
      const { frame, asked } = await draw(pathname, { 'networks.list': async () => [LOCAL] }, 5_000, search);
      expect(frame).toBeUndefined();
      expect(asked).toEqual([]);
    }
  });
});
