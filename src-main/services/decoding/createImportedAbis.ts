import type { Abi } from 'viem';
import type { Store } from '../store/openStore';
import type { KnownAbi } from './createDecoder';

/** An ABI a person imported for an address, and the label they gave it. */
export interface ImportedAbi {
  abi: Abi;
  name: string | null;
}

/**
 * Imported ABIs and address labels, in SQLite (tables `abis` and `address_labels`, by chain id and lowercase
 * address: an ABI describes a contract on a chain, whichever network reaches it). The decoder asks on every row
 * of a block (600 rows: 1,200 questions), so answers are kept in memory: an ABI per address once read (parsed
 * once), a chain's labels all at once; this object's own writes update them. A stored ABI that no longer
 * parses is skipped and said.
 */
export function createImportedAbis(store: Pick<Store, 'db' | 'assertNoSecrets'>, log: (line: string) => void = () => {}) {
  const selectAbi = store.db.prepare('SELECT name, json FROM abis WHERE chain = ? AND address = ?');
  const upsertAbi = store.db.prepare(
    'INSERT INTO abis (chain, address, name, json, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (chain, address) DO UPDATE SET name = excluded.name, json = excluded.json, updated_at = excluded.updated_at',
  );
  const deleteAbi = store.db.prepare('DELETE FROM abis WHERE chain = ? AND address = ?');
  const selectAll = store.db.prepare('SELECT address, name, json FROM abis WHERE chain = ? ORDER BY updated_at DESC LIMIT 500');
  const upsertLabel = store.db.prepare(
    'INSERT INTO address_labels (chain, address, label, created_at, updated_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (chain, address) DO UPDATE SET label = excluded.label, updated_at = excluded.updated_at',
  );
  const deleteLabel = store.db.prepare('DELETE FROM address_labels WHERE chain = ? AND address = ?');
  const selectLabels = store.db.prepare('SELECT address, label FROM address_labels WHERE chain = ?');
  const lower = (address: string) => address.toLowerCase();
  const abiKey = (chain: string, address: string) => `${chain}|${lower(address)}`;
  const abis = new Map<string, ImportedAbi | undefined>();
  const labels = new Map<string, Map<string, string>>();
  const labelsOf = (chain: string) => {
    let found = labels.get(chain);
    if (!found) {
      found = new Map((selectLabels.all(chain) as { address: string; label: string }[]).map((row) => [row.address, row.label]));
      labels.set(chain, found);
    }
    return found;
  };
  const readAbi = (chain: string, address: string): ImportedAbi | undefined => {
    const row = selectAbi.all(chain, lower(address))[0] as { name: string | null; json: string } | undefined;
    if (!row) return undefined;
    try {
      const abi = JSON.parse(row.json) as Abi;
      if (!Array.isArray(abi)) throw new Error('not a list');
      return { abi, name: row.name };
    } catch (error) {
      log(`explorer: the ABI imported for ${address} on chain ${chain} is damaged and was skipped (${(error as Error).message})`);
      return undefined;
    }
  };

  return {
    get(chain: string, address: string): ImportedAbi | undefined {
      const key = abiKey(chain, address);
      if (abis.has(key)) return abis.get(key);
      const found = readAbi(chain, address);
      abis.set(key, found);
      return found;
    },
    /** Every ABI imported on a chain, with its address (damaged rows skipped). */
    all(chain: string): (ImportedAbi & { address: string })[] {
      const rows = selectAll.all(chain) as { address: string; name: string | null; json: string }[];
      return rows.flatMap((row) => {
        try {
          const abi = JSON.parse(row.json) as Abi;
          return Array.isArray(abi) ? [{ abi, name: row.name, address: row.address }] : [];
        } catch {
          return [];
        }
      });
    },
    known(chain: string, address: string): KnownAbi[] {
      const found = this.get(chain, address);
      return found ? [{ abi: found.abi, source: 'imported' }] : [];
    },
    save(chain: string, address: string, abi: Abi, name: string | null): void {
      const json = JSON.stringify(abi);
      store.assertNoSecrets('an imported ABI', json, name ?? '');
      const now = Date.now();
      abis.delete(abiKey(chain, address));
      upsertAbi.run(chain, lower(address), name, json, now, now);
    },
    remove(chain: string, address: string): boolean {
      abis.delete(abiKey(chain, address));
      return deleteAbi.run(chain, lower(address)).changes > 0;
    },
    label(chain: string, address: string): string | undefined {
      return labelsOf(chain).get(lower(address));
    },
    setLabel(chain: string, address: string, label: string | null): void {
      labels.delete(chain); // read again on the next question, after this write
      if (label === null) {
        deleteLabel.run(chain, lower(address));
        return;
      }
      store.assertNoSecrets('an address label', label);
      const now = Date.now();
      upsertLabel.run(chain, lower(address), label, now, now);
    },
  };
}

export type ImportedAbis = ReturnType<typeof createImportedAbis>;
