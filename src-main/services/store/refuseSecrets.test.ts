import { describe, expect, it } from 'vitest';
import type { Network } from '../../../src-shared/networks/network';
import { openStore } from './openStore';
import { useTempDataDirs } from './testing/tempDataDir';

const tempDir = useTempDataDirs();
const KEY = '9aa3d95b3bc440fa88ea12eaa4456161';

function network(rpcUrl: string, name = 'Mine'): Network {
  return { id: 'custom-1', name, family: 'evm', chainId: 1, rpcUrl, wsUrl: null, gasUrl: null, storageUrl: null, credentialId: 'custom-1', kind: 'custom' };
}

describe('store.refuseSecrets', () => {
  it('refuses any write that contains a registered secret, in any form, and writes nothing', () => {
    const store = openStore(tempDir());
    const known: string[] = [];
    store.refuseSecrets(() => known);
    store.networks.put(network(`https://rpc.example.com/${KEY}`)); // nothing registered yet: allowed
    store.networks.delete('custom-1');
    known.push(KEY);

    for (const url of [`https://rpc.example.com/${KEY}`, `https://rpc.example.com/?k=${KEY.toUpperCase()}x${KEY}`]) {
      expect(() => store.networks.put(network(url))).toThrowErrorMatchingInlineSnapshot(`
        [SecretInStoreError: Refused to save the network “Mine”: it contains an API key or secret

        Details: Keys are kept only in the system keychain. Remove the key from it and enter the key in the key field instead.]
      `);
    }
    expect(() => store.networks.put(network('https://rpc.example.com/', `name ${KEY}`))).toThrow(expect.objectContaining({ name: 'SecretInStoreError' }));
    expect(store.networks.list()).toEqual([]);
    store.close();
  });

  it('finds URL-encoded secrets and asks every provider on each write', () => {
    const store = openStore(tempDir());
    const secret = 'p@ss/word+1';
    store.refuseSecrets(() => []);
    store.refuseSecrets(() => [secret]);
    expect(() => store.networks.put(network(`https://rpc.example.com/?q=${encodeURIComponent(secret)}`))).toThrow(
      expect.objectContaining({ code: 'SECRET_IN_STORE' }),
    );
    expect(() => store.assertNoSecrets('a saved query', JSON.stringify({ note: secret }))).toThrow(
      'Refused to save a saved query: it contains an API key or secret',
    );
    expect(() => store.assertNoSecrets('a saved query', '{"note":"fine"}')).not.toThrow();
    store.close();
  });
});
