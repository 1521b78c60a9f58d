import type { LatestView } from '../../../src-shared/api/explorer';
import type { Store } from '../store/openStore';

/** Each network's last home view, kept in SQLite (`last_seen`) for the next start. */
export interface LastSeen {
  /** The view last saved for the network and count, with when it was saved; undefined if none or unreadable. */
  read(networkId: string, count: number): { view: LatestView; savedAt: number } | undefined;
  save(networkId: string, count: number, view: LatestView, at: number): void;
  /** Drops what is kept for the network (its chain was replaced, or it was deleted). */
  forget(networkId: string): void;
}

export function createLastSeen(store: Pick<Store, 'db' | 'assertNoSecrets'>): LastSeen {
  const kind = (count: number) => `latest:${count}`;
  return {
    read(networkId, count) {
      const row = store.db.prepare('SELECT json, saved_at FROM last_seen WHERE network_id = ? AND kind = ?').all(networkId, kind(count))[0] as { json: string; saved_at: number } | undefined;
      if (!row) return undefined;
      try {
        const view = JSON.parse(row.json) as LatestView;
        return Array.isArray(view.blocks) && Array.isArray(view.transactions) ? { view, savedAt: row.saved_at } : undefined;
      } catch {
        return undefined; // a row no longer readable is as good as none: the live view comes anyway
      }
    },
    save(networkId, count, view, at) {
      const { storedAt: _stored, reset: _reset, ...kept } = view;
      const json = JSON.stringify({ ...kept, reset: false });
      store.assertNoSecrets(json);
      store.db.prepare('INSERT INTO last_seen (network_id, kind, json, saved_at) VALUES (?, ?, ?, ?) ON CONFLICT (network_id, kind) DO UPDATE SET json = excluded.json, saved_at = excluded.saved_at').run(networkId, kind(count), json, at);
    },
    forget(networkId) {
      store.db.prepare('DELETE FROM last_seen WHERE network_id = ?').run(networkId);
    },
  };
}

/** The live view is saved at most this often (a block comes every few seconds; the next start needs only one). */
export const LAST_SEEN_SAVE_MS = 10_000;

/**
 * The home's feed with its last view kept: while the live feed has said nothing and the node is failing to answer
 * (the network's health says `error`: the app just started and its sandbox is restoring the chain, or the node is
 * down), the view kept from before is shown, marked `storedAt`; so is it when the live feed fails before its first
 * view. A node that answers never shows it (no stale list that the live one then replaces under a person's
 * pointer). The live views replace it and are saved for the next start (the first at once, the first with its
 * transactions at once, then at most every {@link LAST_SEEN_SAVE_MS}).
 */
export async function watchWithLastSeen(
  lastSeen: LastSeen,
  networkId: string,
  count: number,
  failing: (onFailing: () => void, signal: AbortSignal) => void,
  live: (emit: (view: LatestView) => void) => Promise<void>,
  emit: (view: LatestView) => void,
  now: () => number = Date.now,
): Promise<void> {
  let heard = false;
  let savedAt = 0;
  let savedWhole = false;
  const kept = lastSeen.read(networkId, count);
  const showKept = () => {
    if (!heard && kept) emit({ ...kept.view, reset: false, storedAt: kept.savedAt });
    heard = true;
  };
  const watching = new AbortController();
  if (kept) failing(showKept, watching.signal);
  try {
    await live((view) => {
      heard = true;
      watching.abort();
      emit(view);
      const at = now();
      // The first view is kept at once, even one sent before its transactions (the blocks alone): a window closed
      // within a second of opening, as the bench's restarts are, left nothing kept when it waited for the whole
      // one, and the next start showed no blocks until its node answered. The first whole view replaces it at
      // once; then one every LAST_SEEN_SAVE_MS.
      const whole = !view.transactionsPending;
      if (savedAt === 0 || (whole && (!savedWhole || at - savedAt >= LAST_SEEN_SAVE_MS))) {
        savedAt = at;
        savedWhole ||= whole;
        try {
          lastSeen.save(networkId, count, view, at);
        } catch {
          // not kept this time (the disk is full, the file is locked): the live view is shown all the same
        }
      }
    });
  } catch (error) {
    // A node that refused at once (it is down): the kept view is shown all the same, then the error ends the feed.
    showKept();
    throw error;
  } finally {
    watching.abort();
  }
}
