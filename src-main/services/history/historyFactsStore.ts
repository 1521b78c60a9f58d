import type { Store } from '../store/openStore';

/** The kinds of fact kept in `history_facts`. */
export type HistoryFactKind = 'creation' | 'balance' | 'callers';

/**
 * Facts found of an address that a later visit reads instead of asking the node again (table `history_facts`, by
 * chain): a contract's creation, its balance history up to a finalized block, and who called it up to one (kind 'callers'). Each is one JSON value with the
 * block it stands at; only facts at or below a finalized block are written, so a reorganisation cannot leave a
 * wrong one behind. A value that no longer parses, or fails `valid`, reads as nothing (and is found again).
 */
export function createHistoryFactsStore(store: Pick<Store, 'db' | 'assertNoSecrets'>) {
  const select = store.db.prepare('SELECT block, json FROM history_facts WHERE chain = ? AND address = ? AND kind = ?');
  const upsert = store.db.prepare('INSERT OR REPLACE INTO history_facts (chain, address, kind, block, json) VALUES (?, ?, ?, ?, ?)');
  const remove = store.db.prepare('DELETE FROM history_facts WHERE chain = ?');
  return {
    /** Drops every fact kept for a chain (it was replaced). */
    forget(chain: string): void {
      remove.run(chain);
    },
    read<T>(chain: string, address: string, kind: HistoryFactKind, valid: (value: unknown) => value is T): { block: bigint; value: T } | undefined {
      const row = select.get(chain, address.toLowerCase(), kind) as { block: number; json: string } | undefined;
      if (!row || !Number.isSafeInteger(row.block) || row.block < 0) return undefined;
      try {
        const value: unknown = JSON.parse(row.json);
        return valid(value) ? { block: BigInt(row.block), value } : undefined;
      } catch {
        return undefined;
      }
    },
    write(chain: string, address: string, kind: HistoryFactKind, block: bigint, value: unknown): void {
      if (block < 0n || block > BigInt(Number.MAX_SAFE_INTEGER)) return;
      const json = JSON.stringify(value);
      store.assertNoSecrets(`kept ${kind}`, json);
      upsert.run(chain, address.toLowerCase(), kind, Number(block), json);
    },
  };
}
