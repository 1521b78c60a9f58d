import type { LatestView } from '../../../src-shared/api/explorer';
import type { AbortSignalLike } from '../../../src-shared/api/types';
import { createFeedHub } from '../rpc/createFeedHub';
import { watchWithLastSeen, type LastSeen } from './lastSeen';
import { watchLatest, type LatestDeps } from './watchLatest';

/**
 * How long a network's latest-blocks feed runs on after the home page was left. Going back to the home within it
 * (from a block, a transaction, another window) paints the latest blocks at once, from the view the feed holds,
 * instead of reading ten blocks again. While it runs on, the feed reads what a new head adds (one block and its
 * receipts), no more.
 */
export const LATEST_LINGER_MS = 60_000;

export interface LatestFeedsDeps extends Omit<LatestDeps, 'onReset'> {
  /** Resolves once the network's chain is known (decoding needs it). */
  chainOf: (networkId: string) => Promise<unknown>;
  onReset: (networkId: string) => void;
  lastSeen?: LastSeen;
}

/** The home's feeds, one per network and count however many pages watch it (createFeedHub), each lingering a while. */
export function createLatestFeeds(deps: LatestFeedsDeps, lingerMs = LATEST_LINGER_MS, now: () => number = Date.now) {
  /** Each running feed's node: whether it fails to answer now, when the feed's latest view was read, and who waits to hear it fail. */
  const nodes = new Map<string, { failing: boolean; readAt: number; onFailing: Set<() => void> }>();
  const hub = createFeedHub<LatestView>({
    label: 'the latest blocks of',
    log: deps.log ?? (() => undefined),
    lingerMs,
    // A later watcher gets the latest view without its one-off `reset` (that was said to the watchers at the
    // time); while the node fails to answer, as what it is: the blocks last seen, marked with when (as a view
    // kept from before the app started is: lastSeen.ts), not as live ones.
    replay: ({ reset: _reset, ...view }, key) => {
      const node = nodes.get(key);
      return node?.failing && view.storedAt === undefined ? { ...view, reset: false, storedAt: node.readAt } : { ...view, reset: false };
    },
    source: (key, emit, signal) => {
      const space = key.indexOf(' ');
      const count = Number(key.slice(0, space));
      const networkId = key.slice(space + 1);
      const node = { failing: false, readAt: now(), onFailing: new Set<() => void>() };
      nodes.set(key, node);
      signal.addEventListener('abort', () => nodes.get(key) === node && nodes.delete(key), { once: true });
      // One health listener per feed: for the replay's marking, and for whoever waits to hear the node fail.
      const heard = (event: { state: string }) => {
        node.failing = event.state === 'error';
        if (node.failing) for (const onFailing of node.onFailing) onFailing();
      };
      void deps.health.watch(networkId, heard, signal).catch(() => undefined);
      const send = (view: LatestView) => {
        if (view.storedAt === undefined) node.readAt = now();
        emit(view);
      };
      const live = (out: (view: LatestView) => void) => deps.chainOf(networkId).then(() => watchLatest(deps, networkId, count, out, signal));
      // The last view kept is shown while the node fails to answer (the app just started): see lastSeen.ts.
      const failing = (onFailing: () => void, watching: AbortSignal) => {
        if (watching.aborted) return;
        node.onFailing.add(onFailing);
        watching.addEventListener('abort', () => node.onFailing.delete(onFailing), { once: true });
        if (node.failing) onFailing();
      };
      return deps.lastSeen ? watchWithLastSeen(deps.lastSeen, networkId, count, failing, live, send) : live(send);
    },
  });
  return {
    watch: (networkId: string, count: number, emit: (view: LatestView) => void, signal: AbortSignalLike) => hub.watch(`${count} ${networkId}`, emit, signal),
    running: hub.running,
  };
}
