import { describe, expect, it } from 'vitest';
import type { MethodName } from '../../src-shared/api/types';
import { createFakeApiClient } from '../api/createFakeApiClient';
import { withEarlyAnswers } from '../api/earlyAnswers';
import { askEarly, screenRequestOf } from './askEarly';

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

describe('what the page asks for before the app has loaded', () => {
  it("is the frame's needs and, on the selected network, the screen's first request, each asked once however often the app asks", async () => {
    const asked: string[] = [];
    const count = (name: MethodName) => async (input: unknown) => {
      asked.push(`${name} ${JSON.stringify(input)}`);
      return (name === 'networks.list' ? [{ id: 'other', selected: false }, { id: 'mine', selected: true }] : {}) as never;
    };
    const methods = Object.fromEntries((['networks.list', 'settings.get', 'app.info', 'gas.alerts', 'gas.firedAlerts', 'explorer.block'] as const).map((name) => [name, count(name)]));
    const api = withEarlyAnswers(createFakeApiClient({ methods, topics: { 'sandbox.status': async () => undefined, 'network.health': async () => undefined } }));
    askEarly(api, '/explorer/block/171');
    await expect.poll(() => asked.some((line) => line.startsWith('explorer.block'))).toBe(true);
    await Promise.all([api.call('networks.list', {}), api.call('settings.get', {}), api.call('explorer.block', { networkId: 'mine', block: '171' })]);
    expect(asked.sort()).toEqual(['app.info {}', 'explorer.block {"networkId":"mine","block":"171"}', 'gas.alerts {}', 'gas.firedAlerts {"limit":50}', 'networks.list {}', 'settings.get {}']);
  });
});
