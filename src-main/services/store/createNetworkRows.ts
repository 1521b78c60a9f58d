import type Database from 'libsql';
import { networkSchema, type Network } from '../../../src-shared/networks/network';
import type { SecretGuard } from './createSecretGuard';
import { StoredRowInvalidError } from './storeErrors';

/** Typed access to the `networks` table, which holds custom networks only. */
export interface NetworkRows {
  /** Every stored network in the order they were added. Damaged rows are skipped and reported, not thrown. */
  list(): Network[];
  /** The network `id`, or undefined; throws a `StoredRowInvalidError` if its row is damaged. */
  get(id: string): Network | undefined;
  /** Inserts or replaces a custom network, after checking its shape and the secret guard. */
  put(network: Network): void;
  /** Removes network `id`; false when there was none. */
  delete(id: string): boolean;
}

/** The networks accessor over an open database; `onInvalidRow` hears about damaged rows `list()` skips. */
export function createNetworkRows(
  db: Database.Database,
  guard: SecretGuard,
  onInvalidRow: (error: StoredRowInvalidError) => void,
  now: () => number,
): NetworkRows {
  const selectAll = db.prepare('SELECT id, json FROM networks ORDER BY created_at, id');
  const selectOne = db.prepare('SELECT json FROM networks WHERE id = ?');
  const upsert = db.prepare(
    'INSERT INTO networks (id, json, created_at, updated_at) VALUES (?, ?, ?, ?) ' +
      'ON CONFLICT (id) DO UPDATE SET json = excluded.json, updated_at = excluded.updated_at',
  );
  const remove = db.prepare('DELETE FROM networks WHERE id = ?');

  return {
    list() {
      const networks: Network[] = [];
      for (const row of selectAll.all() as Array<{ id: string; json: string }>) {
        try {
          networks.push(parseRow(row.id, row.json));
        } catch (error) {
          if (!(error instanceof StoredRowInvalidError)) throw error;
          onInvalidRow(error);
        }
      }
      return networks;
    },

    get(id) {
      const [json] = selectOne.pluck().all(id) as string[];
      return json === undefined ? undefined : parseRow(id, json);
    },

    put(network) {
      const parsed = networkSchema.parse(network);
      if (parsed.kind !== 'custom') throw new TypeError(`only custom networks are stored, not ${parsed.kind} “${parsed.id}”`);
      const json = JSON.stringify(parsed);
      guard.assertNoSecrets(`the network “${parsed.name}”`, json);
      const time = now();
      upsert.run(parsed.id, json, time, time);
    },

    delete(id) {
      return remove.run(id).changes > 0;
    },
  };
}

function parseRow(id: string, json: string): Network {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new StoredRowInvalidError('networks', id, 'Its data is not JSON');
  }
  const parsed = networkSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new StoredRowInvalidError('networks', id, `Field “${issue?.path.join('.') ?? '?'}”: ${issue?.message ?? 'not valid'}`);
  }
  if (parsed.data.id !== id || parsed.data.kind !== 'custom') throw new StoredRowInvalidError('networks', id, 'Its id or kind does not match its row');
  return parsed.data;
}
