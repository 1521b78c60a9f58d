import type { AbortSignalLike } from '../../../src-shared/api/types';
import { whenAborted } from '../api/whenAborted';

/** Starts the one underlying feed of a key; runs until `signal` aborts (it is aborted too once the start has ended). */
export type FeedSource<Event> = (key: string, emit: (event: Event) => void, signal: AbortSignal) => Promise<void>;

/** Options of {@link createFeedHub}. */
export interface FeedHubOptions<Event> {
  source: FeedSource<Event>;
  /** Hears a feed that failed or ended while watched (it is restarted). */
  log: (line: string) => void;
  /** What the log lines call the feed (`the health feed of`). */
  label: string;
  /** Wait before restarting a feed that failed or ended by itself (default 1 s). */
  retryMs?: number;
  /**
   * How long a feed goes on once its last watcher has left (default 0: it stops at once). A watcher who comes
   * back within it gets the feed's latest event at once, as a later watcher of a running feed does.
   */
  lingerMs?: number;
  /** What a later watcher is given of the key's latest event (default: the event itself). */
  replay?: (latest: Event, key: string) => Event;
}

/** One shared live feed per key, however many watch it. */
export interface FeedHub<Event> {
  /** Hears the key's feed until `signal` aborts: the latest event at once (when there is one), then every new one. */
  watch(key: string, onEvent: (event: Event) => void, signal: AbortSignalLike): Promise<void>;
  /** Keys whose feed runs now (tests, diagnostics). */
  running(): string[];
}

interface Feed<Event> {
  listeners: Set<(event: Event) => void>;
  latest?: Event;
  controller: AbortController;
  retry?: NodeJS.Timeout;
  /** Set while the feed runs on with nobody watching (lingerMs). */
  linger?: NodeJS.Timeout;
}

/**
 * Main's live feeds, one per key (a network's heads and health): the first watcher starts the source, later
 * ones share it and get its latest event at once, and the last one to leave stops it. A source that throws
 * or ends while still watched is logged and started again after `retryMs`, so a feed never dies silently
 * and leaves views on a stale head.
 */
export function createFeedHub<Event>({ source, log, label, retryMs = 1000, lingerMs = 0, replay = (latest) => latest }: FeedHubOptions<Event>): FeedHub<Event> {
  const feeds = new Map<string, Feed<Event>>();
  const stop = (key: string, feed: Feed<Event>) => {
    if (feeds.get(key) !== feed) return;
    feeds.delete(key);
    clearTimeout(feed.retry);
    clearTimeout(feed.linger);
    feed.controller.abort();
  };

  const run = (key: string, feed: Feed<Event>) => {
    const { signal } = feed.controller;
    // Each start of the source has a signal of its own, aborted when that start ends: what it left listening (an
    // abort listener, a watch of another feed) goes with it. On the feed's own signal, a source restarted every
    // second while its node was down added listeners each time, for as long as the node stayed down.
    const attempt = new AbortController();
    const abortAttempt = () => attempt.abort();
    signal.addEventListener('abort', abortAttempt, { once: true });
    const emit = (event: Event) => {
      if (attempt.signal.aborted) return;
      feed.latest = event;
      for (const listener of [...feed.listeners]) listener(event);
    };
    const restart = (what: string) => {
      signal.removeEventListener('abort', abortAttempt);
      attempt.abort();
      if (signal.aborted || feeds.get(key) !== feed) return;
      log(`app: ${label} ${key} ${what}; restarting it`);
      feed.retry = setTimeout(() => {
        if (signal.aborted || feeds.get(key) !== feed) return;
        run(key, feed);
      }, retryMs);
    };
    let started: Promise<void>;
    try {
      started = source(key, emit, attempt.signal);
    } catch (error) {
      started = Promise.reject(error);
    }
    started.then(
      () => restart('ended by itself'),
      (error: unknown) => restart(`failed: ${error instanceof Error ? error.message : String(error)}`),
    );
  };

  return {
    async watch(key, onEvent, signal) {
      if (signal.aborted) return;
      let feed = feeds.get(key);
      if (!feed) {
        // The first watcher listens before the source starts: what a source emits as it starts (the home's kept
        // view, when the node's health is already known to fail) was lost to it, and came a retry later.
        feed = { listeners: new Set([onEvent]), controller: new AbortController() };
        feeds.set(key, feed);
        run(key, feed);
      } else {
        clearTimeout(feed.linger);
        feed.linger = undefined;
        if (feed.latest !== undefined) onEvent(replay(feed.latest, key));
        feed.listeners.add(onEvent);
      }
      try {
        await whenAborted(signal);
      } finally {
        feed.listeners.delete(onEvent);
        if (feed.listeners.size === 0 && feeds.get(key) === feed) {
          if (lingerMs > 0) {
            const lingering = feed;
            feed.linger = setTimeout(() => lingering.listeners.size === 0 && stop(key, lingering), lingerMs);
            feed.linger.unref?.();
          } else stop(key, feed);
        }
      }
    },
    running: () => [...feeds.keys()],
  };
}
