import type { ContentEntry, ContentKind, ContentNameMatch, ContentNameSource, UploadEntry, UploadResult } from '../../../src-shared/content/contentTypes';
import { placeName } from '../../../src-shared/content/placeName';
import type { Store } from '../store/openStore';
import type { RecentRow } from './recentContent';

interface NameRow {
  cid: string;
  name: string;
  source: Exclude<ContentNameSource, 'opened' | 'pin'>;
  root_cid: string;
  path: string;
  kind: ContentKind | null;
  size: number | null;
  at: number;
}

/** Names kept per network: an added folder of many files is many names, and the oldest go first past this. */
export const CONTENT_NAMES_KEPT = 20_000;

/**
 * The names content goes by on a network, in SQLite (`content_names`): an added file's or folder's name, the files'
 * names inside an added folder, and the names people set. The recent list (`content_recent`) is read beside it, so a
 * name a place was opened by is found too; unlike the recent list, these names stay when Recent is cleared.
 */
export function createContentNames(store: Pick<Store, 'db' | 'transaction' | 'assertNoSecrets'>, now: () => number = Date.now) {
  // A name already kept for a CID keeps its source: a file added as hello.txt and opened by that name stays `added`.
  const insert = store.db.prepare(
    'INSERT INTO content_names (network_id, cid, name, source, root_cid, path, kind, size, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (network_id, cid, name) DO UPDATE SET kind = coalesce(content_names.kind, excluded.kind), size = coalesce(content_names.size, excluded.size)',
  );
  const dropNamed = store.db.prepare("DELETE FROM content_names WHERE network_id = ? AND cid = ? AND source = 'named' AND name != ?");
  // Past the cap, the names of files inside folders go first (a large folder browsed must not push out what was added).
  const trim = store.db.prepare(
    "DELETE FROM content_names WHERE network_id = ? AND rowid NOT IN (SELECT rowid FROM content_names WHERE network_id = ? ORDER BY source = 'in-folder', at DESC, rowid DESC LIMIT ?)",
  );
  const names = store.db.prepare('SELECT cid, name, source, root_cid, path, kind, size, at FROM content_names WHERE network_id = ?');
  const recent = store.db.prepare("SELECT cid, path, name, kind, opened_at FROM content_recent WHERE network_id = ? AND name != ''");

  const put = (networkId: string, row: Omit<NameRow, 'at'>, at: number) => {
    store.assertNoSecrets('a content name', row.cid, row.name, row.path);
    insert.run(networkId, row.cid, row.name, row.source, row.root_cid, row.path, row.kind, row.size, at);
  };

  return {
    /** Keeps the names an upload of files made: its root's, and every file's and folder's inside it. */
    recordUpload(networkId: string, declared: readonly UploadEntry[], result: UploadResult): number {
      const rows = uploadNames(declared, result);
      const at = now();
      store.transaction(() => {
        for (const row of rows) put(networkId, row, at);
        trim.run(networkId, networkId, CONTENT_NAMES_KEPT);
      });
      return rows.length;
    },

    /**
     * Keeps the names of a folder's entries as the store listed them (a folder opened in the browser), under the
     * folder's CID: a file seen there is found by its name afterwards.
     */
    recordListed(networkId: string, folderCid: string, entries: readonly ContentEntry[]): number {
      const at = now();
      let kept = 0;
      store.transaction(() => {
        for (const entry of entries) {
          const name = placeName(entry.name);
          if (name === '' || entry.cid === '') continue;
          const kind: ContentKind | null = entry.type === 'unknown' ? null : entry.type;
          put(networkId, { cid: entry.cid, name, source: 'in-folder', root_cid: folderCid, path: name, kind, size: entry.type === 'file' ? entry.size : null }, at);
          kept += 1;
        }
        trim.run(networkId, networkId, CONTENT_NAMES_KEPT);
      });
      return kept;
    },

    /** Keeps the name a person gave a root (one name at a time: a rename replaces the last one they gave). */
    recordNamed(networkId: string, cid: string, given: string, kind: ContentKind | null): void {
      const name = placeName(given);
      if (name === '') return;
      store.transaction(() => {
        dropNamed.run(networkId, cid, name);
        put(networkId, { cid, name, source: 'named', root_cid: cid, path: '', kind, size: null }, now());
        trim.run(networkId, networkId, CONTENT_NAMES_KEPT);
      });
    },

    /** Every name kept for a network (this table's and the recent list's), as matches before ranking. */
    all(networkId: string): ContentNameMatch[] {
      const kept = names.all(networkId) as unknown as NameRow[];
      const opened = recent.all(networkId) as unknown as RecentRow[];
      // A file inside a folder opens under its folder's name: the name its root was added or named by.
      const rootNames = new Map<string, string>();
      for (const row of opened) if (row.path === '') rootNames.set(row.cid, row.name);
      for (const row of kept) if (row.path === '' && (row.source === 'added' || row.source === 'named')) rootNames.set(row.root_cid, row.name);
      const matches: ContentNameMatch[] = kept.map((row) => ({
        cid: row.cid,
        name: row.name,
        source: row.source,
        rootCid: row.root_cid,
        path: row.path,
        rootName: row.path === '' ? row.name : (rootNames.get(row.root_cid) ?? ''),
        kind: row.kind,
        size: row.size,
        at: row.at,
      }));
      for (const row of opened) {
        // A place under a root was opened by its last name; its own CID was not kept, only its root's.
        matches.push({
          cid: row.path === '' ? row.cid : null,
          name: row.name,
          source: 'opened',
          rootCid: row.cid,
          path: row.path,
          rootName: row.path === '' ? row.name : (rootNames.get(row.cid) ?? ''),
          kind: row.kind,
          size: null,
          at: row.opened_at,
        });
      }
      return matches;
    },
  };
}

/** The service's names, for the find. */
export type ContentNames = ReturnType<typeof createContentNames>;

/**
 * The names an upload of files made, from what was declared (paths, kinds, sizes) and what the store answered (each
 * path's CID). Kubo's `add` names each entry by its path in the upload; a wrapped upload's root has the empty name.
 */
export function uploadNames(declared: readonly UploadEntry[], result: UploadResult): Omit<NameRow, 'at'>[] {
  const cidOf = new Map(result.entries.map((entry) => [entry.name, entry.cid]));
  const root = result.root;
  const wrapped = root.name === '';
  // A folder's size is the bytes of the files under it.
  const sizeOf = (path: string, kind: 'file' | 'directory'): number =>
    kind === 'file'
      ? (declared.find((entry) => entry.path === path)?.size ?? 0)
      : declared.filter((entry) => entry.kind === 'file' && entry.path.startsWith(`${path}/`)).reduce((sum, entry) => sum + entry.size, 0);
  const rows: Omit<NameRow, 'at'>[] = [];
  if (!wrapped) {
    const name = placeName(root.name);
    if (name !== '') rows.push({ cid: root.cid, name, source: 'added', root_cid: root.cid, path: '', kind: root.kind, size: root.kind === 'file' ? sizeOf(root.name, 'file') : sizeOf(root.name, 'directory') });
  }
  // Folders are declared only when empty; the others are the paths' parents.
  const paths = new Map<string, 'file' | 'directory'>();
  for (const entry of declared) {
    paths.set(entry.path, entry.kind);
    const parts = entry.path.split('/');
    for (let depth = 1; depth < parts.length; depth++) paths.set(parts.slice(0, depth).join('/'), 'directory');
  }
  for (const [path, kind] of paths) {
    const cid = cidOf.get(path);
    const under = wrapped ? path : path.split('/').slice(1).join('/');
    if (cid === undefined || under === '') continue;
    const name = placeName(path.split('/').at(-1) ?? '');
    if (name === '') continue;
    rows.push({ cid, name, source: 'in-folder', root_cid: root.cid, path: under, kind, size: sizeOf(path, kind) });
  }
  return rows;
}
