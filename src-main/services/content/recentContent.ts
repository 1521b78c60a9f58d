import type { ContentKind, RecentContent } from '../../../src-shared/content/contentTypes';
import type { Store } from '../store/openStore';

interface RecentRow {
  cid: string;
  path: string;
  name: string;
  kind: ContentKind | null;
  opened_at: number;
}

/** Recent CIDs kept per network. */
const KEEP = 200;

/** CIDs opened in the content browser, per network, in SQLite (`content_recent`). */
export function createRecentContent(store: Pick<Store, 'db' | 'transaction' | 'assertNoSecrets'>, now: () => number = Date.now) {
  const upsert = store.db.prepare(
    'INSERT INTO content_recent (network_id, cid, path, name, kind, opened_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (network_id, cid, path) DO UPDATE SET name = excluded.name, kind = excluded.kind, opened_at = excluded.opened_at',
  );
  const trim = store.db.prepare(
    'DELETE FROM content_recent WHERE network_id = ? AND rowid NOT IN (SELECT rowid FROM content_recent WHERE network_id = ? ORDER BY opened_at DESC LIMIT ?)',
  );
  const select = store.db.prepare('SELECT cid, path, name, kind, opened_at FROM content_recent WHERE network_id = ? ORDER BY opened_at DESC, rowid DESC LIMIT ?');
  const removeOne = store.db.prepare('DELETE FROM content_recent WHERE network_id = ? AND cid = ?');
  const removeAll = store.db.prepare('DELETE FROM content_recent WHERE network_id = ?');
  const read = (row: RecentRow): RecentContent => ({ cid: row.cid, path: row.path, name: row.name, kind: row.kind, openedAt: row.opened_at });

  return {
    list: (networkId: string, limit = 20): RecentContent[] => (select.all(networkId, limit) as unknown as RecentRow[]).map(read),
    remember(networkId: string, cid: string, segments: readonly string[], name: string, kind: ContentKind | null): RecentContent {
      const path = segments.join('/');
      store.assertNoSecrets('a recent CID', cid, path, name);
      const at = now();
      store.transaction(() => {
        upsert.run(networkId, cid, path, name, kind, at);
        trim.run(networkId, networkId, KEEP);
      });
      return { cid, path, name, kind, openedAt: at };
    },
    forget(networkId: string, cid?: string): number {
      return Number((cid === undefined ? removeAll.run(networkId) : removeOne.run(networkId, cid)).changes);
    },
  };
}
