import type { TokenTransferRow } from '../../../src-shared/api/history';
import type { Store } from '../store/openStore';

/**
 * An address's token transfers kept on this machine (table `token_transfers`), by chain, with the block they are
 * known up to (`history_coverage`, kind `transfers`): only rows at or below the finalized block are written, so
 * a reorganisation cannot leave a wrong row behind. A row that no longer parses is skipped (and found again).
 */
export function createTransferStore(store: Pick<Store, 'db' | 'assertNoSecrets'>) {
  const select = store.db.prepare('SELECT json FROM token_transfers WHERE chain = ? AND address = ? ORDER BY block, id');
  const insert = store.db.prepare('INSERT OR REPLACE INTO token_transfers (chain, address, id, block, json) VALUES (?, ?, ?, ?, ?)');
  const coverage = store.db.prepare("SELECT block FROM history_coverage WHERE chain = ? AND address = ? AND kind = 'transfers'");
  const cover = store.db.prepare("INSERT OR REPLACE INTO history_coverage (chain, address, kind, block) VALUES (?, ?, 'transfers', ?)");
  const save = store.db.transaction((chain: string, address: string, rows: TokenTransferRow[], coveredTo: number) => {
    for (const row of rows) insert.run(chain, address, row.id, Number(BigInt(row.blockNumber)), JSON.stringify(row));
    cover.run(chain, address, coveredTo);
  });
  const removeRows = store.db.prepare('DELETE FROM token_transfers WHERE chain = ?');
  const removeCoverage = store.db.prepare('DELETE FROM history_coverage WHERE chain = ?');
  return {
    /** Drops every transfer and coverage kept for a chain (it was replaced). */
    forget(chain: string): void {
      removeRows.run(chain);
      removeCoverage.run(chain);
    },
    /** The rows kept, and the block they cover up to (−1: none). */
    read(chain: string, address: string): { rows: TokenTransferRow[]; coveredTo: number } {
      const covered = (coverage.all(chain, address)[0] as { block: number } | undefined)?.block ?? -1;
      const rows: TokenTransferRow[] = [];
      for (const { json } of select.all(chain, address) as { json: string }[]) {
        try {
          const row = JSON.parse(json) as TokenTransferRow;
          if (typeof row.id === 'string' && typeof row.blockNumber === 'string') rows.push(row);
        } catch {
          // a damaged row is skipped (and missing from the list until the chain's history is forgotten and read again)
        }
      }
      return { rows, coveredTo: covered };
    },
    /** Keeps `rows` (each at or below `coveredTo`) and moves the coverage up to `coveredTo`. */
    write(chain: string, address: string, rows: TokenTransferRow[], coveredTo: number): void {
      const json = JSON.stringify(rows);
      store.assertNoSecrets('token transfers', json);
      save(chain, address, rows, coveredTo);
    },
  };
}
