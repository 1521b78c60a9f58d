import type { SentTransactionRow } from '../../../src-shared/api/history';
import type { Store } from '../store/openStore';

/** A row as kept: with its call data, so its method is named anew on the way out (an ABI may be imported later). */
export type SentStoreRow = SentTransactionRow & { input: string };

/**
 * The transactions an address sent, kept by chain and nonce (table `sent_transactions`): only rows at or below
 * the finalized block are written, so a reorganisation cannot leave a wrong one behind. A later visit shows them
 * without locating their blocks or reading them again. A row that no longer parses is skipped (and found again).
 */
export function createSentStore(store: Pick<Store, 'db' | 'assertNoSecrets'>) {
  const select = store.db.prepare('SELECT nonce, json FROM sent_transactions WHERE chain = ? AND address = ? AND nonce >= ? AND nonce < ?');
  const insert = store.db.prepare('INSERT OR REPLACE INTO sent_transactions (chain, address, nonce, block, json) VALUES (?, ?, ?, ?, ?)');
  const insertAll = store.db.transaction((chain: string, address: string, rows: SentStoreRow[]) => {
    for (const row of rows) insert.run(chain, address, row.nonce, Number(BigInt(row.blockNumber ?? '0x0')), JSON.stringify(row));
  });
  const remove = store.db.prepare('DELETE FROM sent_transactions WHERE chain = ?');
  return {
    /** Drops every row kept for a chain (it was replaced). */
    forget(chain: string): void {
      remove.run(chain);
    },
    /** The rows kept for nonces in [from, before), by nonce. */
    read(chain: string, address: string, from: number, before: number): Map<number, SentStoreRow> {
      const rows = new Map<number, SentStoreRow>();
      for (const { nonce, json } of select.all(chain, address, from, before) as { nonce: number; json: string }[]) {
        try {
          const row = JSON.parse(json) as SentStoreRow;
          if (row.nonce === nonce && typeof row.hash === 'string' && typeof row.blockNumber === 'string' && typeof row.input === 'string') rows.set(nonce, row);
        } catch {
          // a damaged row is skipped: its nonce is located again
        }
      }
      return rows;
    },
    /** Keeps `rows` (each at or below the finalized block: the caller's to check). */
    write(chain: string, address: string, rows: SentStoreRow[]): void {
      if (rows.length === 0) return;
      store.assertNoSecrets('transactions sent', JSON.stringify(rows));
      insertAll(chain, address, rows);
    },
  };
}
