import type { Store } from './openStore';

/** The tables whose rows are kept by chain, with the primary key each `chain` is part of (none: no conflict possible). */
const CHAIN_TABLES = [
  { table: 'abis', keyed: true },
  { table: 'address_labels', keyed: true },
  { table: 'gas_samples', keyed: true },
  { table: 'chain_cache', keyed: true },
  { table: 'call_history', keyed: false },
] as const;

/**
 * Moves rows kept under provisional keys (`network:<id>`, `chain-id:<id>`, see chains/chainKey.ts) to the chain a
 * network turned out to be on, in one transaction. Where the chain already has a row for the same address, block
 * or cached item, the chain's row is kept and the provisional one dropped (both described the same thing, the
 * chain's was written since). Asks first, so the common case (nothing to adopt) writes nothing. Returns how many
 * rows moved.
 */
export function adoptChainRows(store: Pick<Store, 'db' | 'transaction'>, to: string, from: readonly string[]): number {
  const keys = from.filter((key) => key !== to);
  if (keys.length === 0) return 0;
  const marks = keys.map(() => '?').join(', ');
  const pending = CHAIN_TABLES.some(({ table }) => store.db.prepare(`SELECT 1 FROM ${table} WHERE chain IN (${marks}) LIMIT 1`).all(...keys).length > 0);
  if (!pending) return 0;
  return store.transaction(() => {
    let moved = 0;
    for (const { table, keyed } of CHAIN_TABLES) {
      moved += Number(store.db.prepare(`UPDATE ${keyed ? 'OR IGNORE ' : ''}${table} SET chain = ? WHERE chain IN (${marks})`).run(to, ...keys).changes);
      if (keyed) store.db.prepare(`DELETE FROM ${table} WHERE chain IN (${marks})`).run(...keys);
    }
    return moved;
  });
}
