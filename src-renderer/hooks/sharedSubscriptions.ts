import type { ApiError } from '../../src-shared/api/apiError';
import type { LiveTopicName, TopicInput } from '../../src-shared/api/types';
import type { ApiClient } from '../api/createApiClient';

/**
 * The live topics whose every event is a whole state (a view, a status, a snapshot), so that a component joining a
 * shared feed late is told all by its latest event. `logs.tail` sends what is new each time: its view keeps its own
 * subscription (features/logs/tail/useLogTail.ts).
 */
export type StateTopicName = Exclude<LiveTopicName, 'logs.tail'>;

/**
 * The key of a feed: its topic and its input's JSON. The hooks, the kept last events and the shared feeds all key
 * by it; inputs are JSON-safe by contract, so the input can be read back from it.
 */
export function feedKey(topic: string, input: unknown): string {
  return `${topic}:${JSON.stringify(input)}`;
}

/** One component's part in a shared feed: what it hears, and how it is asked to join again after a restart. */
export interface FeedListener {
  onEvent(payload: unknown): void;
  /** The feed ended (main ended it, with or without an error): the listener decides when to join again. */
  onEnd(error?: ApiError): void;
  /** Someone restarted the feed (a person's "Try again"): join it again, now. */
  rejoin(): void;
}

interface SharedFeed {
  listeners: Set<FeedListener>;
  /** The latest event, handed at once to whoever joins later (a state topic's every event is a whole state). */
  last?: { payload: unknown };
  cancel: () => void;
}

/** The feeds shared on each API client, by topic and input (the same key the hooks use). */
const feedsByClient = new WeakMap<ApiClient, Map<string, SharedFeed>>();

function feedsOf(api: ApiClient): Map<string, SharedFeed> {
  let feeds = feedsByClient.get(api);
  if (!feeds) feedsByClient.set(api, (feeds = new Map()));
  return feeds;
}

/**
 * Joins the live feed of `topic` with `input` on `api`: one subscription to main however many components of the
 * window watch the same thing (the frame's status, the header's health dot and the page's own note heard the
 * sandbox's state over six subscriptions; the gas page its feed over three). A later listener hears the latest
 * event at once. The subscription ends when its last listener leaves. Answers how to leave.
 */
export function joinFeed<T extends StateTopicName>(api: ApiClient, topic: T, input: TopicInput<T>, listener: FeedListener): () => void {
  const key = feedKey(topic, input);
  const feeds = feedsOf(api);
  let feed = feeds.get(key);
  if (feed) {
    feed.listeners.add(listener);
    if (feed.last) listener.onEvent(feed.last.payload);
  } else {
    const started: SharedFeed = { listeners: new Set([listener]), cancel: () => undefined };
    feed = started;
    feeds.set(key, started);
    // Listeners are in place before the subscription starts: a client may answer at once (api/earlyAnswers.ts).
    let ended = false;
    const cancel = api.subscribe(topic, input, {
      onEvent(payload) {
        started.last = { payload };
        for (const each of [...started.listeners]) each.onEvent(payload);
      },
      onEnd(error) {
        ended = true;
        if (feeds.get(key) === started) feeds.delete(key);
        const listeners = [...started.listeners];
        started.listeners.clear();
        for (const each of listeners) each.onEnd(error);
      },
    });
    started.cancel = () => {
      if (!ended) cancel();
      ended = true;
    };
  }
  const joined = feed;
  return () => {
    joined.listeners.delete(listener);
    if (joined.listeners.size > 0) return;
    if (feeds.get(key) === joined) feeds.delete(key);
    joined.cancel();
  };
}

/**
 * Ends the shared feed of `key` ({@link feedKey}) on `api` and has each of its listeners join again at once: a new
 * subscription to main, as a person's "Try again" asks (the old one may be stuck on a node that has since come back).
 */
export function restartFeed(api: ApiClient, key: string): void {
  const feeds = feedsOf(api);
  const feed = feeds.get(key);
  if (!feed) return;
  feeds.delete(key);
  feed.cancel();
  const listeners = [...feed.listeners];
  feed.listeners.clear();
  for (const each of listeners) each.rejoin();
}

/** Whether a feed of `topic` with `input` runs in this window now (a later watcher would hear its latest event at once). */
export function feedRunning(api: ApiClient, topic: string, input: unknown): boolean {
  return feedsByClient.get(api)?.has(feedKey(topic, input)) ?? false;
}
