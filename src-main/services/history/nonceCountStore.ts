import type { Store } from '../store/openStore';

/**
 * An address's transaction counts read at finalized blocks, kept by chain (table `nonce_counts`): the blocks of
 * its nonces are found again from them without a request. Only finalized blocks are written: above them a
 * reorganisation may change a count.
 */
export function createNonceCountStore(store: Pick<Store, 'db'>) {
  const select = store.db.prepare('SELECT block, count FROM nonce_counts WHERE chain = ? AND address = ?');
  const insert = store.db.prepare('INSERT OR IGNORE INTO nonce_counts (chain, address, block, count) VALUES (?, ?, ?, ?)');
  const insertAll = store.db.transaction((chain: string, address: string, points: [bigint, number][]) => {
    for (const [block, count] of points) insert.run(chain, address, Number(block), count);
  });
  const remove = store.db.prepare('DELETE FROM nonce_counts WHERE chain = ?');
  return {
    /** Drops every count kept for a chain (it was replaced). */
    forget(chain: string): void {
      remove.run(chain);
    },
    read(chain: string, address: string): [bigint, number][] {
      return (select.all(chain, address) as { block: number; count: number }[])
        .filter((row) => Number.isSafeInteger(row.block) && row.block >= 0 && Number.isSafeInteger(row.count) && row.count >= 0)
        .map((row) => [BigInt(row.block), row.count]);
    },
    write(chain: string, address: string, points: [bigint, number][]): void {
      const kept = points.filter(([block]) => block >= 0n && block <= BigInt(Number.MAX_SAFE_INTEGER));
      if (kept.length > 0) insertAll(chain, address, kept);
    },
  };
}
