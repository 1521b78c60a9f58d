import type { CallHistoryEntry, CallRequest } from '../../../src-shared/call/types';
import { countOf } from '../../../src-shared/text/countOf';
import type { BlockglassError } from '../errors/blockglassError';
import { NotFoundError } from '../errors/notFoundError';
import type { Store } from '../store/openStore';

interface Row {
  id: number;
  network_id: string;
  json: string;
  created_at: number;
}

/** What a history row's JSON holds. */
interface Stored {
  request: CallRequest;
  summary: CallHistoryEntry['summary'];
  pinned: boolean;
}

/** How many unpinned calls a network keeps; older ones are dropped as new ones come. */
export const HISTORY_KEEP = 500;
const LIST_LIMIT = 200;
/** How long an answered call waits in memory before it is written (with the others made meanwhile). */
export const WRITE_DELAY_MS = 100;


/**
 * The playground's history in SQLite (`call_history`): every call with its inputs and outcome in brief, pinned
 * favourites kept whatever their age. A row whose JSON no longer reads is skipped and said.
 */
export function createCallHistory(store: Pick<Store, 'db' | 'assertNoSecrets' | 'transaction'>, log: (line: string) => void = () => {}) {
  const insert = store.db.prepare('INSERT INTO call_history (network_id, chain, json, created_at) VALUES (?, ?, ?, ?) RETURNING id');
  const selectNetwork = store.db.prepare('SELECT id, network_id, json, created_at FROM call_history WHERE network_id = ? ORDER BY created_at DESC, id DESC');
  const selectOne = store.db.prepare('SELECT id, network_id, json, created_at FROM call_history WHERE id = ?');
  const update = store.db.prepare('UPDATE call_history SET json = ? WHERE id = ?');
  const remove = store.db.prepare('DELETE FROM call_history WHERE id = ?');
  // The network's unpinned calls past the newest `keep` (a row whose JSON says nothing of pinning counts as unpinned).
  const prune = store.db.prepare(
    "DELETE FROM call_history WHERE id IN (SELECT id FROM call_history WHERE network_id = ? AND coalesce(json_extract(json, '$.pinned'), 0) = 0 ORDER BY created_at DESC, id DESC LIMIT -1 OFFSET ?)",
  );

  const read = (row: Row): CallHistoryEntry | undefined => {
    try {
      const stored = JSON.parse(row.json) as Stored;
      if (typeof stored.request?.call?.from !== 'string' || typeof stored.summary?.ok !== 'boolean') throw new Error('not a call');
      // `result` (what a call returned, decoded) came later: calls kept before it have none, and only text is read as one.
      const { summary } = stored;
      if (summary.ok && summary.result !== undefined && typeof summary.result !== 'string') delete summary.result;
      return { id: row.id, networkId: row.network_id, createdAt: row.created_at, pinned: stored.pinned === true, request: stored.request, summary };
    } catch (error) {
      log(`call: history entry ${row.id} is damaged and was skipped (${(error as Error).message})`);
      return undefined;
    }
  };
  const one = (id: number): CallHistoryEntry => {
    const row = (selectOne.all(id) as unknown as Row[])[0];
    const entry = row && read(row);
    if (!entry) throw new NotFoundError({ what: 'call', id: String(id) }, 'That call is not in the history any more.', { details: 'It may have been deleted in another window. The list has been read again.' });
    return entry;
  };
  const write = (id: number, entry: CallHistoryEntry) => {
    const json = JSON.stringify({ request: entry.request, summary: entry.summary, pinned: entry.pinned } satisfies Stored);
    store.assertNoSecrets('a call in the history', json);
    update.run(json, id);
  };

  // Calls are written a moment after their answer goes out (a commit is an fsync, synchronous = FULL: about a
  // millisecond that would otherwise stall main on every call), together with any others made meanwhile, in
  // one transaction with the prune. Every read and change of the history writes what is waiting first, so
  // the list never misses a call that was answered; closing the app writes it too.
  const waiting: { networkId: string; chain: string; json: string; at: number }[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    if (waiting.length === 0) return;
    const rows = waiting.splice(0);
    clearTimeout(timer);
    timer = undefined;
    try {
      store.transaction(() => {
        for (const row of rows) insert.get(row.networkId, row.chain, row.json, row.at);
        for (const networkId of new Set(rows.map((row) => row.networkId))) prune.run(networkId, HISTORY_KEEP);
      });
    } catch (error) {
      // A closed or broken store: said, never thrown out of a timer.
      log(`call: ${countOf(rows.length, 'call')} could not be kept in the history (${(error as BlockglassError).shortMessage ?? (error as Error).message})`);
    }
  };

  return {
    /** Keeps a call (written just after, see `flush`); drops the network's unpinned calls past HISTORY_KEEP. */
    add(networkId: string, chain: string, request: CallRequest, summary: CallHistoryEntry['summary']): void {
      const json = JSON.stringify({ request, summary, pinned: false } satisfies Stored);
      store.assertNoSecrets('a call in the history', json);
      waiting.push({ networkId, chain, json, at: Date.now() });
      timer ??= setTimeout(flush, WRITE_DELAY_MS);
    },
    /** A network's calls: pinned first, then newest first. */
    list(networkId: string): CallHistoryEntry[] {
      flush();
      const entries = (selectNetwork.all(networkId) as unknown as Row[]).flatMap((row) => read(row) ?? []);
      return [...entries.filter((entry) => entry.pinned), ...entries.filter((entry) => !entry.pinned)].slice(0, LIST_LIMIT);
    },
    /** The `from` of a network's newest call (pinned or not), if any reads. */
    lastFrom(networkId: string): string | undefined {
      flush();
      for (const row of selectNetwork.all(networkId) as unknown as Row[]) {
        const entry = read(row);
        if (entry) return entry.request.call.from;
      }
      return undefined;
    },
    pin(id: number, pinned: boolean): CallHistoryEntry {
      flush();
      const entry = { ...one(id), pinned };
      write(id, entry);
      return entry;
    },
    delete(id: number): { deleted: boolean } {
      flush();
      return { deleted: remove.run(id).changes > 0 };
    },
    /** Writes the calls still waiting (before the store closes). */
    flush,
  };
}
