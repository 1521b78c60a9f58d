import type { BlockView } from '../../../src-shared/api/explorer';
import { networkChainKey } from '../chains/chainKey';
import type { Store } from '../store/openStore';
import type { ChainCache } from './createChainCache';

/**
 * The chain cache kept in SQLite too (table `chain_cache`), under the memory one: a finalized block read once
 * is read from disk after a restart, with no network I/O but learning the network's chain. Rows are kept by chain
 * (the `chain` column holds the chain key, chain id and genesis hash: see chains/chainKey.ts): a finalized block is
 * the chain's, the same whichever network reads it, and two networks on chain id 31337 with different genesis
 * blocks are different chains that never see each other's blocks. Kind `block` by hash and `number` from number to
 * hash. A row that no longer parses is dropped and read again from the node.
 *
 * `chainOf` names the chain a network is on, once learned (the explorer learns it before any read). Forgetting a
 * network drops its chain's blocks, in memory and on disk; a network forgotten before its chain is known (the
 * sandbox restarting at the app's start) has its chain's blocks dropped when the chain becomes known.
 */
export function createStoredChainCache(
  store: Pick<Store, 'db' | 'assertNoSecrets'>,
  memory: ChainCache,
  log: (line: string) => void = () => {},
  chainOf: (networkId: string) => string | undefined = (networkId) => networkId,
): ChainCache {
  const select = store.db.prepare('SELECT json FROM chain_cache WHERE chain = ? AND kind = ? AND key = ?');
  const insert = store.db.prepare('INSERT OR REPLACE INTO chain_cache (chain, kind, key, json, created_at) VALUES (?, ?, ?, ?, ?)');
  const remove = store.db.prepare('DELETE FROM chain_cache WHERE chain = ?');
  const removeOne = store.db.prepare('DELETE FROM chain_cache WHERE chain = ? AND kind = ? AND key = ?');
  const generations = new Map<string, number>();
  const forgottenUnknown = new Set<string>();
  const drop = (chain: string) => {
    generations.set(chain, (generations.get(chain) ?? 0) + 1);
    memory.forget(chain);
    remove.run(chain);
  };
  const chainKeyOf = (networkId: string): string => {
    const chain = chainOf(networkId);
    if (chain === undefined) return networkChainKey(networkId);
    if (forgottenUnknown.delete(networkId)) drop(chain);
    return chain;
  };
  const read = (chain: string, kind: string, key: string): unknown => {
    const row = select.all(chain, kind, key)[0] as { json: string } | undefined;
    if (!row) return undefined;
    try {
      return JSON.parse(row.json);
    } catch {
      log(`explorer: a damaged cached ${kind} ${key} of chain ${chain} was dropped`);
      removeOne.run(chain, kind, key);
      return undefined;
    }
  };
  return {
    block(networkId, key) {
      const chain = chainKeyOf(networkId);
      const inMemory = memory.block(chain, key);
      if (inMemory) return inMemory;
      const hash = 'hash' in key ? key.hash.toLowerCase() : (read(chain, 'number', key.number.toString(10)) as string | undefined);
      if (typeof hash !== 'string') return undefined;
      const view = read(chain, 'block', hash) as BlockView | undefined;
      if (!view || typeof view !== 'object' || !Array.isArray(view.transactions) || typeof view.block !== 'object') return undefined;
      memory.putBlock(chain, view);
      return view;
    },
    putBlock(networkId, view) {
      const chain = chainKeyOf(networkId);
      memory.putBlock(chain, view);
      const hash = typeof view.block.hash === 'string' ? view.block.hash.toLowerCase() : undefined;
      const number = typeof view.block.number === 'string' ? BigInt(view.block.number) : undefined;
      if (!view.finalized || !hash || number === undefined) return;
      // Written just after the page has its answer (a 600-transaction block is 270 kB of JSON to check and
      // write): the memory cache answers meanwhile. A forget in between wins: the row is not written.
      const generation = generations.get(chain) ?? 0;
      setImmediate(() => {
        if ((generations.get(chain) ?? 0) !== generation) return;
        try {
          const json = JSON.stringify(view);
          store.assertNoSecrets('a cached block', json);
          const now = Date.now();
          insert.run(chain, 'block', hash, json, now);
          insert.run(chain, 'number', number.toString(10), JSON.stringify(hash), now);
        } catch (error) {
          log(`explorer: block ${number.toString(10)} of ${networkId} was not cached on disk: ${(error as Error).message}`);
        }
      });
    },
    forget(networkId) {
      const chain = chainOf(networkId);
      if (chain !== undefined) drop(chain);
      else forgottenUnknown.add(networkId);
      drop(networkChainKey(networkId));
    },
  };
}
