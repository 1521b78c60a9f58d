import { randomUUID } from 'node:crypto';
import type { LogQuery, SavedLogQuery } from '../../../src-shared/logs/types';
import type { Store } from '../store/openStore';
import { NotFoundError } from '../errors/notFoundError';

interface Row {
  id: string;
  name: string;
  network_id: string | null;
  json: string;
  created_at: number;
  updated_at: number;
}

/**
 * Log queries saved from the builder, in SQLite (`saved_log_queries`). A row whose JSON no longer reads as a
 * query is skipped and said, never silently dropped from the file.
 */
export function createSavedLogQueries(store: Pick<Store, 'db' | 'assertNoSecrets'>, log: (line: string) => void = () => {}) {
  const selectAll = store.db.prepare('SELECT id, name, network_id, json, created_at, updated_at FROM saved_log_queries ORDER BY updated_at DESC, name');
  const selectOne = store.db.prepare('SELECT id, name, network_id, json, created_at, updated_at FROM saved_log_queries WHERE id = ?');
  const insert = store.db.prepare('INSERT INTO saved_log_queries (id, name, network_id, json, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)');
  const rename = store.db.prepare('UPDATE saved_log_queries SET name = ?, updated_at = ? WHERE id = ?');
  const remove = store.db.prepare('DELETE FROM saved_log_queries WHERE id = ?');

  const read = (row: Row): SavedLogQuery | undefined => {
    try {
      const query = JSON.parse(row.json) as LogQuery;
      if (!Array.isArray(query.addresses) || !Array.isArray(query.topics)) throw new Error('not a log query');
      return { id: row.id, name: row.name, networkId: row.network_id, query, createdAt: row.created_at, updatedAt: row.updated_at };
    } catch (error) {
      log(`logs: the saved query ${row.id} is damaged and was skipped (${(error as Error).message})`);
      return undefined;
    }
  };
  const one = (id: string): SavedLogQuery => {
    const found = (selectOne.all(id) as unknown as Row[])[0];
    const query = found && read(found);
    if (!query) throw new NotFoundError({ what: 'savedQuery' }, 'That saved query is not there any more.', { details: 'It may have been deleted in another window. The list has been read again.' });
    return query;
  };
  const add = (name: string, networkId: string | null, query: LogQuery): SavedLogQuery => {
    const json = JSON.stringify(query);
    store.assertNoSecrets('a saved log query', name, json);
    const now = Date.now();
    const id = randomUUID();
    insert.run(id, name, networkId, json, now, now);
    return one(id);
  };

  return {
    list: (): SavedLogQuery[] => (selectAll.all() as unknown as Row[]).flatMap((row) => read(row) ?? []),
    save: add,
    rename(id: string, name: string): SavedLogQuery {
      one(id);
      store.assertNoSecrets('a saved log query', name);
      rename.run(name, Date.now(), id);
      return one(id);
    },
    duplicate(id: string): SavedLogQuery {
      const original = one(id);
      return add(`${original.name} (copy)`, original.networkId, original.query);
    },
    delete: (id: string) => ({ deleted: remove.run(id).changes > 0 }),
  };
}

export type SavedLogQueries = ReturnType<typeof createSavedLogQueries>;
