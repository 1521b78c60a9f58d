import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { parse } from 'regexparam';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { matchRoute } from 'wouter';
import { InMemoryRouter } from '../testing/InMemoryRouter';
import { memoryLocation } from 'wouter/memory-location';
import type { NetworkView } from '../../src-shared/api/networks';
import { ApiProvider } from '../api/ApiProvider';
import type { ApiClient } from '../api/createApiClient';
import { createFakeApiClient } from '../api/createFakeApiClient';
import { AppRoutes } from './AppRoutes';
import { createQueryClient } from './createQueryClient';
import { routeOf, routes, type RouteId } from './routes';

const HASH = `0x${'ab'.repeat(32)}`;
const ADDRESS = `0x${'cd'.repeat(20)}`;
const NETWORK = { id: 'local', name: 'Local sandbox', family: 'evm', selected: true } as NetworkView;

/** A URL of each route that asks early, with a value its page reads. A route given an early request needs one here. */
const SAMPLES: Partial<Record<RouteId, string>> = {
  explorer: '/explorer',
  block: '/explorer/block/171',
  tx: `/explorer/tx/${HASH}`,
  address: `/explorer/address/${ADDRESS}`,
  gas: '/gas',
};

// jsdom has no matchMedia; the gas dashboard's charts (uPlot) read the pixel ratio through it when they load.
beforeEach(() => {
  vi.stubGlobal('matchMedia', (media: string) => ({ media, matches: false, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false }));
  onTestFinished(() => {
    vi.unstubAllGlobals();
  });
});

/** A request as the page's client sent it: the method or topic and the input, before any schema touched it. */
interface Asked {
  name: string;
  input: unknown;
}

/**
 * Draws the app's routes at `path` over the fake API (the selected network, and nothing else answered: a page
 * shows its failures), recording every request the pages make through the client and every path visited.
 */
function openPage(path: string): { asked: Asked[]; history: string[] } {
  const asked: Asked[] = [];
  const location = memoryLocation({ path, record: true });
  const fake = createFakeApiClient({ methods: { 'networks.list': async () => [NETWORK] } });
  const api: ApiClient = {
    ...fake,
    call: ((method: string, input: unknown) => {
      asked.push({ name: method, input });
      return fake.call(method as never, input as never);
    }) as ApiClient['call'],
    subscribe: ((topic: string, input: unknown, handlers: never) => {
      asked.push({ name: topic, input });
      return fake.subscribe(topic as never, input as never, handlers);
    }) as ApiClient['subscribe'],
  };
  const queryClient = createQueryClient();
  onTestFinished(() => {
    queryClient.clear();
    fake.close();
  });
  render(
    <ApiProvider client={api}>
      <QueryClientProvider client={queryClient}>
        <InMemoryRouter location={location}>
          <AppRoutes />
        </InMemoryRouter>
      </QueryClientProvider>
    </ApiProvider>,
  );
  return { asked, history: location.history };
}

describe("a route's early request", () => {
  it('is sampled here for every route that has one', () => {
    const asking = Object.entries(routes).flatMap(([id, route]) => ('early' in route && route.early ? [id] : []));
    expect(Object.keys(SAMPLES).sort()).toEqual(asking.sort());
  });

  // The page's first script asks this before React renders; the page's own identical request takes the answer
  // over. An input that drifted from the page's would be asked twice, and the head start silently lost.
  it.each(Object.entries(SAMPLES))('is the request the page itself makes: %s', async (id, path) => {
    const found = routeOf(path);
    expect(found?.id).toBe(id);
    const early = found && 'early' in found.route ? found.route.early?.(found.params, '') : undefined;
    expect(early, `${path} asks nothing early`).toBeDefined();
    const name = early!.kind === 'call' ? early!.method : early!.topic;
    const { asked } = openPage(path);
    await vi.waitFor(() => expect(asked.map((request) => request.name)).toContain(name), { timeout: 10_000 });
    const inputs = asked.filter((request) => request.name === name).map((request) => request.input);
    for (const input of inputs) expect(input).toEqual({ networkId: NETWORK.id, ...early!.input });
  });
});

describe('the route of a path', () => {
  const paths = ['/', '/index.html', '/explorer', '/explorer/', '/Explorer', '/explorer/block/171', `/explorer/block/${HASH}/tx/3`, '/explorer/block/1/2', `/explorer/tx/${HASH}`, `/explorer/address/${ADDRESS}`, '/logs', '/logsx', '/call', '/gas', '/gas/x', '/gasoline', '/content', '/content/bafy', '/content/bafy/docs/a.md', '/contents', '/settings', '/settings/networks/new', '/settingsx', '/nothing-here'];

  it.each(paths)("is the one wouter's own matching finds, with the same parameters: %s", (path) => {
    const byWouter = Object.entries(routes).find(([, route]) => matchRoute(parse, route.path, path, 'nest' in route && route.nest === true)[0]);
    const found = routeOf(path);
    expect(found?.id).toBe(byWouter?.[0]);
    if (found && byWouter) {
      const [, params] = matchRoute(parse, byWouter[1].path, path, 'nest' in byWouter[1] && byWouter[1].nest === true);
      expect(found.params).toEqual(Object.fromEntries(Object.entries(params ?? {}).filter(([key]) => !/^\d+$/.test(key))));
    }
  });

  it('that is no route is the not-found screen, asking nothing of a screen', async () => {
    const { asked } = openPage('/nothing-here');
    expect(await screen.findByRole('heading', { name: 'Nothing here' })).toBeTruthy();
    expect(asked.map((request) => request.name)).not.toContain('explorer.latest');
  });

  it("that is the start page's sends the window to the explorer, in its place", async () => {
    for (const path of ['/', '/index.html']) {
      const { history } = openPage(path);
      await vi.waitFor(() => expect(history).toEqual(['/explorer']));
    }
  });
});
