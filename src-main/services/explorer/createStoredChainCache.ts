import type { BlockView } from '../../../src-shared/api/explorer';
import type { Store } from '../store/openStore';
import type { ChainCache } from './createChainCache';

/**
 * The chain cache kept in SQLite too (table `chain_cache`), under the memory one: a finalized block read once
 * is read from disk after a restart, with no network I/O. Rows are keyed by network (the `chain` column holds
 * the network id: two networks on one chain id, such as two local nodes, are different chains), kind `block`
 * by hash and `number` from number to hash. A row that no longer parses is dropped and read again from the node.
 */
export function createStoredChainCache(store: Pick<Store, 'db' | 'assertNoSecrets'>, memory: ChainCache, log: (line: string) => void = () => {}): ChainCache {
  const select = store.db.prepare('SELECT json FROM chain_cache WHERE chain = ? AND kind = ? AND key = ?');
  const insert = store.db.prepare('INSERT OR REPLACE INTO chain_cache (chain, kind, key, json, created_at) VALUES (?, ?, ?, ?, ?)');
  const remove = store.db.prepare('DELETE FROM chain_cache WHERE chain = ?');
  const removeOne = store.db.prepare('DELETE FROM chain_cache WHERE chain = ? AND kind = ? AND key = ?');
  const generations = new Map<string, number>();
  const read = (networkId: string, kind: string, key: string): unknown => {
    const row = select.all(networkId, kind, key)[0] as { json: string } | undefined;
    if (!row) return undefined;
    try {
      return JSON.parse(row.json);
    } catch {
      log(`explorer: a damaged cached ${kind} ${key} of ${networkId} was dropped`);
      removeOne.run(networkId, kind, key);
      return undefined;
    }
  };
  return {
    block(networkId, key) {
      const inMemory = memory.block(networkId, key);
      if (inMemory) return inMemory;
      const hash = 'hash' in key ? key.hash.toLowerCase() : (read(networkId, 'number', key.number.toString(10)) as string | undefined);
      if (typeof hash !== 'string') return undefined;
      const view = read(networkId, 'block', hash) as BlockView | undefined;
      if (!view || typeof view !== 'object' || !Array.isArray(view.transactions) || typeof view.block !== 'object') return undefined;
      memory.putBlock(networkId, view);
      return view;
    },
    putBlock(networkId, view) {
      memory.putBlock(networkId, view);
      const hash = typeof view.block.hash === 'string' ? view.block.hash.toLowerCase() : undefined;
      const number = typeof view.block.number === 'string' ? BigInt(view.block.number) : undefined;
      if (!view.finalized || !hash || number === undefined) return;
      // Written just after the page has its answer (a 600-transaction block is 270 kB of JSON to check and
      // write): the memory cache answers meanwhile. A forget in between wins: the row is not written.
      const generation = generations.get(networkId) ?? 0;
      setImmediate(() => {
        if ((generations.get(networkId) ?? 0) !== generation) return;
        try {
          const json = JSON.stringify(view);
          store.assertNoSecrets('a cached block', json);
          const now = Date.now();
          insert.run(networkId, 'block', hash, json, now);
          insert.run(networkId, 'number', number.toString(10), JSON.stringify(hash), now);
        } catch (error) {
          log(`explorer: block ${number.toString(10)} of ${networkId} was not cached on disk: ${(error as Error).message}`);
        }
      });
    },
    forget(networkId) {
      generations.set(networkId, (generations.get(networkId) ?? 0) + 1);
      memory.forget(networkId);
      remove.run(networkId);
    },
  };
}
