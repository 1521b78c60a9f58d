import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AddressView, LatestView } from '../../src-shared/api/explorer';
import { createFakeApiClient } from '../api/createFakeApiClient';
import { withEarlyAnswers } from '../api/earlyAnswers';
import { addressQuery } from '../features/explorer/explorerQueries';
import { ExplorerHome } from '../features/explorer/home/ExplorerHome';
import { useGasFeed } from '../features/gas/useGasFeed';
import type { GasEvent } from '../../src-shared/gas/gasTypes';
import { renderWithApp } from '../testing/renderWithApp';
import { askEarly } from './askEarly';
import { createQueryClient } from './createQueryClient';
import { firstScreenData } from './firstScreenData';
import { routeOf } from './routes';

const ADDRESS = `0x${'cd'.repeat(20)}`;
const NETWORKS = [
  { id: 'local', selected: false },
  { id: 'mine', selected: true },
] as never;
const storage = (selected: string) => ({ getItem: () => selected, setItem: () => undefined });
const waitForAbort = (signal: unknown) => new Promise<void>((resolve) => (signal as AbortSignal).addEventListener('abort', () => resolve()));

describe("the screen's first answer, put where its first render reads it", () => {
  it('an address page finds the answer asked early in the query cache, asked of main once', async () => {
    const asked: string[] = [];
    const view = { address: ADDRESS, balance: '0x1' } as unknown as AddressView;
    const api = withEarlyAnswers(
      createFakeApiClient({
        methods: {
          'networks.list': async () => NETWORKS,
          'explorer.address': async (input) => (asked.push(JSON.stringify(input)), view),
        },
        topics: { 'sandbox.status': waitForAbort as never, 'network.health': waitForAbort as never },
      }),
    );
    askEarly(api, `/explorer/address/${ADDRESS}`, '', { storage: storage('mine') });
    const queries = createQueryClient();
    await firstScreenData(queries, api, routeOf(`/explorer/address/${ADDRESS}`));
    expect(queries.getQueryData(addressQuery(api, 'mine', ADDRESS).queryKey)).toEqual(view);
    expect(asked).toEqual([JSON.stringify({ networkId: 'mine', address: ADDRESS })]);
    queries.clear();
  });

  it("the home's first render draws the latest blocks the first script heard, before its own feed answers", async () => {
    const now = Math.floor(Date.now() / 1000);
    const latest: LatestView = {
      head: '0x2a',
      blocks: [{ number: '0x2a', hash: `0x${'ee'.repeat(32)}`, timestamp: `0x${now.toString(16)}`, miner: `0x${'00'.repeat(20)}`, transactionCount: 0, gasUsed: '0x0', gasLimit: '0x1c9c380', baseFeePerGas: '0x7' }],
      transactions: [],
      reset: false,
    };
    const early = withEarlyAnswers(
      createFakeApiClient({
        methods: { 'networks.list': async () => NETWORKS },
        topics: {
          'explorer.latest': async (_input, emit, signal) => (emit(latest), waitForAbort(signal)),
          'sandbox.status': waitForAbort as never,
          'network.health': waitForAbort as never,
        },
      }),
    );
    askEarly(early, '/explorer', '', { storage: storage('mine') });
    await expect.poll(() => early.earlyEvent('explorer.latest', { networkId: 'mine', count: 10 })).toEqual(latest);
    const queries = createQueryClient();
    await firstScreenData(queries, early, routeOf('/explorer'));
    queries.clear();
    // Another window's feed that never answers: what is drawn is what the first script heard.
    renderWithApp(<ExplorerHome networkId="mine" networkName="Mine" />, { api: { topics: { 'explorer.latest': waitForAbort as never, 'network.health': waitForAbort as never } } });
    expect(within(screen.getByRole('region', { name: /Latest blocks/ })).getAllByRole('link', { name: '42' }).length).toBeGreaterThan(0);
  });

  it("the gas dashboard's first render has the snapshot the first script heard", async () => {
    const event = { kind: 'snapshot', snapshot: { networkId: 'mine', fired: [] }, nextPollAt: Date.now() + 10_000 } as unknown as GasEvent;
    const early = withEarlyAnswers(
      createFakeApiClient({
        methods: { 'networks.list': async () => NETWORKS },
        topics: { 'gas.watch': async (_input, emit, signal) => (emit(event), waitForAbort(signal)), 'sandbox.status': waitForAbort as never, 'network.health': waitForAbort as never },
      }),
    );
    askEarly(early, '/gas', '', { storage: storage('mine') });
    await expect.poll(() => early.earlyEvent('gas.watch', { networkId: 'mine' })).toEqual(event);
    const queries = createQueryClient();
    await firstScreenData(queries, early, routeOf('/gas'));
    queries.clear();
    function Probe() {
      const { snapshot } = useGasFeed('mine');
      return <p>{snapshot ? `snapshot of ${snapshot.networkId}` : 'no snapshot'}</p>;
    }
    renderWithApp(<Probe />, { api: { topics: { 'gas.watch': waitForAbort as never } } });
    expect(screen.getByText('snapshot of mine')).toBeTruthy();
  });

  it('nothing for a path that opens no screen, or when no network is selected', async () => {
    const api = withEarlyAnswers(createFakeApiClient({ methods: { 'networks.list': async () => [{ id: 'local', selected: false }] as never } }));
    const queries = createQueryClient();
    await firstScreenData(queries, api, routeOf('/nothing-here'));
    await firstScreenData(queries, api, routeOf(`/explorer/address/${ADDRESS}`));
    expect(queries.getQueryCache().getAll().map((query) => query.queryKey)).toEqual([['networks']]);
    queries.clear();
  });
});
