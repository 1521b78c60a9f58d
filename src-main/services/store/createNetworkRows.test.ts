import { describe, expect, it } from 'vitest';
import type { Network } from '../../../src-shared/networks/network';
import { presetNetwork } from '../../../src-shared/networks/presets';
import { openStore } from './openStore';
import type { StoredRowInvalidError } from './storeErrors';
import { useTempDataDirs } from './testing/tempDataDir';

const tempDir = useTempDataDirs();

function custom(id: string, overrides: Partial<Network> = {}): Network {
  return {
    id,
    name: `Network ${id}`,
    family: 'evm',
    chainId: 100,
    rpcUrl: 'https://rpc.example.com/',
    wsUrl: null,
    gasUrl: null,
    storageUrl: null,
    credentialId: id,
    kind: 'custom',
    ...overrides,
  } as Network;
}

describe('store.networks', () => {
  it('stores, lists in insertion order, replaces and deletes custom networks', () => {
    let clock = 1000;
    const store = openStore(tempDir(), { now: () => clock++ });
    store.networks.put(custom('custom-b'));
    store.networks.put(custom('custom-a', { family: 'starknet', chainId: '0x4b4154414e41' } as Partial<Network>));
    expect(store.networks.list().map((n) => n.id)).toEqual(['custom-b', 'custom-a']);
    store.networks.put(custom('custom-b', { name: 'Renamed' }));
    expect(store.networks.get('custom-b')?.name).toBe('Renamed');
    expect(store.networks.list().map((n) => n.id)).toEqual(['custom-b', 'custom-a']); // keeps its creation time
    expect(store.networks.get('custom-a')).toEqual(custom('custom-a', { family: 'starknet', chainId: '0x4b4154414e41' } as Partial<Network>));
    expect(store.networks.delete('custom-b')).toBe(true);
    expect(store.networks.delete('custom-b')).toBe(false);
    expect(store.networks.get('custom-b')).toBeUndefined();
    store.close();
  });

  it('stores custom networks only, and only well-formed ones', () => {
    const store = openStore(tempDir());
    expect(() => store.networks.put(presetNetwork('mainnet') as Network)).toThrow('only custom networks are stored, not preset “mainnet”');
    expect(() => store.networks.put(custom('custom-x', { chainId: -5 }))).toThrow();
    expect(store.networks.list()).toEqual([]);
    store.close();
  });

  it('skips and reports a damaged row in the list, and explains it when asked for that row', () => {
    const reported: StoredRowInvalidError[] = [];
    const store = openStore(tempDir(), { onInvalidRow: (error) => reported.push(error) });
    store.networks.put(custom('custom-good'));
    const insert = store.db.prepare('INSERT INTO networks (id, json, created_at, updated_at) VALUES (?, ?, 0, 0)');
    insert.run('custom-bad', JSON.stringify({ ...custom('custom-bad'), rpcUrl: 42 }));
    insert.run('custom-other', JSON.stringify(custom('custom-different')));
    expect(store.networks.list().map((n) => n.id)).toEqual(['custom-good']);
    expect(reported.map((e) => [e.shortMessage, e.details])).toEqual([
      ['The saved network “custom-bad” is damaged', 'Field “rpcUrl”: Invalid input: expected string, received number. Delete it and enter it again.'],
      ['The saved network “custom-other” is damaged', 'Its id or kind does not match its row. Delete it and enter it again.'],
    ]);
    expect(() => store.networks.get('custom-bad')).toThrow(expect.objectContaining({ name: 'StoredRowInvalidError', code: 'STORED_ROW_INVALID' }));
    expect(store.networks.delete('custom-bad')).toBe(true);
    store.close();
  });
});
