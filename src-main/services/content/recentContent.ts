import type { ContentKind, RecentContent } from '../../../src-shared/content/contentTypes';
import { placeName } from '../../../src-shared/content/placeName';
import type { Store } from '../store/openStore';

/** A row of `content_recent` as SQLite gives it (the content names read it too). */
export interface RecentRow {
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
  // The name a place was opened by is how a person knows it (an added `hello.txt`, not its CID): a later visit by the
  // bare CID (a pasted CID, a deep link without `?name=`) sends '' and keeps it; a visit by another name renames it.
  const upsert = store.db.prepare(
    "INSERT INTO content_recent (network_id, cid, path, name, kind, opened_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (network_id, cid, path) DO UPDATE SET name = CASE WHEN excluded.name = '' THEN content_recent.name ELSE excluded.name END, kind = coalesce(excluded.kind, content_recent.kind), opened_at = excluded.opened_at RETURNING name, kind",
  );
  const trim = store.db.prepare(
    'DELETE FROM content_recent WHERE network_id = ? AND rowid NOT IN (SELECT rowid FROM content_recent WHERE network_id = ? ORDER BY opened_at DESC LIMIT ?)',
  );
  const select = store.db.prepare('SELECT cid, path, name, kind, opened_at FROM content_recent WHERE network_id = ? ORDER BY opened_at DESC, rowid DESC LIMIT ?');
  const selectOfCid = store.db.prepare('SELECT cid, path, name, kind, opened_at FROM content_recent WHERE network_id = ? AND cid = ? ORDER BY opened_at DESC, rowid DESC LIMIT ?');
  const removeCid = store.db.prepare('DELETE FROM content_recent WHERE network_id = ? AND cid = ?');
  const removePlace = store.db.prepare('DELETE FROM content_recent WHERE network_id = ? AND cid = ? AND path = ?');
  const removeAll = store.db.prepare('DELETE FROM content_recent WHERE network_id = ?');
  const read = (row: RecentRow): RecentContent => ({ cid: row.cid, path: row.path, name: row.name, kind: row.kind, openedAt: row.opened_at });

  return {
    /** The newest places opened on a network; with `cid`, only those under that CID. */
    list: (networkId: string, limit = 20, cid?: string): RecentContent[] =>
      ((cid === undefined ? select.all(networkId, limit) : selectOfCid.all(networkId, cid, limit)) as unknown as RecentRow[]).map(read),
    remember(networkId: string, cid: string, segments: readonly string[], given: string, kind: ContentKind | null): RecentContent {
      const path = segments.join('/');
      // The renderer sends names made safe already; a name is shown to a person, so main does not trust that.
      const name = placeName(given);
      store.assertNoSecrets('a recent CID', cid, path, name);
      const at = now();
      const kept = store.transaction(() => {
        const row = upsert.get(networkId, cid, path, name, kind, at) as unknown as Pick<RecentRow, 'name' | 'kind'>;
        trim.run(networkId, networkId, KEEP);
        return row;
      });
      return { cid, path, name: kept.name, kind: kept.kind, openedAt: at };
    },
    /** Forgets one place (`cid` and `path`), every place under a CID (`cid`), or all of a network's. */
    forget(networkId: string, cid?: string, path?: string): number {
      const removed = cid === undefined ? removeAll.run(networkId) : path === undefined ? removeCid.run(networkId, cid) : removePlace.run(networkId, cid, path);
      return Number(removed.changes);
    },
  };
}
