import { describe, expect, it } from 'vitest';
import type { MethodName } from '../../src-shared/api/types';
import { createFakeApiClient } from '../api/createFakeApiClient';
import { withEarlyAnswers } from '../api/earlyAnswers';
import { askEarly, expectedNetwork, screenRequestOf, SELECTED_NETWORK_KEY } from './askEarly';

const HASH = `0x${'ab'.repeat(32)}`;
const ADDRESS = `0x${'cd'.repeat(20)}`;

describe('the first request of the screen a path opens', () => {
  it('is the explorer page the path names, with the value as the page reads it', () => {
    expect(screenRequestOf('/explorer/block/171')).toEqual({ kind: 'call', method: 'explorer.block', input: { block: '171' } });
    expect(screenRequestOf(`/explorer/block/${HASH}`)).toEqual({ kind: 'call', method: 'explorer.block', input: { block: HASH } });
    expect(screenRequestOf(`/explorer/tx/${HASH}`)).toEqual({ kind: 'call', method: 'explorer.transaction', input: { hash: HASH } });
    expect(screenRequestOf(`/explorer/address/${ADDRESS}`)).toEqual({ kind: 'call', method: 'explorer.address', input: { address: ADDRESS } });
    expect(screenRequestOf('/explorer')).toEqual({ kind: 'watch', topic: 'explorer.latest', input: { count: 10 } });
    expect(screenRequestOf('/gas')).toEqual({ kind: 'watch', topic: 'gas.watch', input: {} });
  });

  it('is nothing for a value the page would refuse, a deeper path, a query string or another screen', () => {
    for (const path of ['/explorer/block/-1', '/explorer/block/01', '/explorer/block/latest', `/explorer/tx/${HASH.slice(0, 20)}`, `/explorer/address/${ADDRESS}x`, '/explorer/address/0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266', `/explorer/block/${HASH}/tx/3`, '/logs', '/call', '/content/bafy', '/settings', '/nothing-here']) {
      expect(screenRequestOf(path), path).toBeUndefined();
    }
    expect(screenRequestOf(`/explorer/address/${ADDRESS}`, '?block=5')).toBeUndefined();
  });
});

/** A storage as the page's localStorage, in memory. */
function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items };
}

describe('what the page asks for before the app has loaded', () => {
  it("is the frame's needs and, on the selected network, the screen's first request, each asked once however often the app asks", async () => {
    const asked: string[] = [];
    let answerNetworks = () => {};
    const networksAnswered = new Promise<void>((resolve) => (answerNetworks = resolve));
    const count = (name: MethodName) => async (input: unknown) => {
      asked.push(`${name} ${JSON.stringify(input)}`);
      if (name === 'networks.list') await networksAnswered;
      return (name === 'networks.list' ? [{ id: 'other', selected: false }, { id: 'mine', selected: true }] : {}) as never;
    };
    const methods = Object.fromEntries((['networks.list', 'settings.get', 'app.info', 'gas.alerts', 'gas.firedAlerts', 'explorer.block'] as const).map((name) => [name, count(name)]));
    const api = withEarlyAnswers(createFakeApiClient({ methods, topics: { 'sandbox.status': async () => undefined, 'network.health': async () => undefined } }));
    askEarly(api, '/explorer/block/171', '', { storage: memoryStorage({ 'blockglass.selectedNetwork': 'mine' }) });
    // At once: the networks have not answered yet.
    await expect.poll(() => asked).toContain('explorer.block {"networkId":"mine","block":"171"}');
    answerNetworks();
    await Promise.all([api.call('networks.list', {}), api.call('settings.get', {}), api.call('explorer.block', { networkId: 'mine', block: '171' })]);
    expect(asked.sort()).toEqual(['app.info {}', 'explorer.block {"networkId":"mine","block":"171"}', 'gas.alerts {}', 'gas.firedAlerts {"limit":50}', 'networks.list {}', 'settings.get {}']);
  });
});

describe('the network a page expects before the networks have answered', () => {
  const networksWith = (selected: string) => async () => [{ id: 'local', selected: selected === 'local' }, { id: 'mine', selected: selected === 'mine' }] as never;

  it('is the one the window last saw, else Local; a storage that refuses is Local too', () => {
    expect(expectedNetwork(memoryStorage({ [SELECTED_NETWORK_KEY]: 'mine' }))).toBe('mine');
    expect(expectedNetwork(memoryStorage())).toBe('local');
    expect(expectedNetwork(undefined)).toBe('local');
    expect(expectedNetwork({ getItem: () => { throw new Error('SecurityError'); } })).toBe('local');
  });

  it('guessed wrong, the screen is asked again on the selected network, which is remembered; the app takes that answer', async () => {
    const asked: string[] = [];
    const storage = memoryStorage();
    const api = withEarlyAnswers(
      createFakeApiClient({
        methods: {
          'networks.list': networksWith('mine'),
          'explorer.block': async (input: unknown) => (asked.push(JSON.stringify(input)), {}) as never,
        },
        topics: { 'network.health': async () => undefined, 'sandbox.status': async () => undefined },
      }),
    );
    askEarly(api, '/explorer/block/7', '', { storage });
    await expect.poll(() => asked.length).toBe(2);
    expect(asked).toEqual(['{"networkId":"local","block":"7"}', '{"networkId":"mine","block":"7"}']);
    expect(storage.items.get(SELECTED_NETWORK_KEY)).toBe('mine');
    await api.call('explorer.block', { networkId: 'mine', block: '7' });
    expect(asked).toHaveLength(2); // the app's own request took the early answer
  });

  it('guessed right, nothing is asked twice and nothing is written', async () => {
    const asked: string[] = [];
    const storage = memoryStorage({ [SELECTED_NETWORK_KEY]: 'mine' });
    const setItem = storage.setItem;
    let writes = 0;
    storage.setItem = (key, value) => (writes++, setItem(key, value));
    const api = withEarlyAnswers(
      createFakeApiClient({
        methods: { 'networks.list': networksWith('mine'), 'explorer.block': async (input: unknown) => (asked.push(JSON.stringify(input)), {}) as never },
        topics: { 'network.health': async () => undefined, 'sandbox.status': async () => undefined },
      }),
    );
    askEarly(api, '/explorer/block/7', '', { storage });
    await api.call('networks.list', {});
    await api.call('explorer.block', { networkId: 'mine', block: '7' });
    expect(asked).toEqual(['{"networkId":"mine","block":"7"}']);
    expect(writes).toBe(0);
  });
});
