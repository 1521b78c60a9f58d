import type { MethodInput, MethodName, MethodOutput, TopicInput, TopicName, TopicPayload } from '../../src-shared/api/types';
import type { ApiClient, SubscriptionHandlers } from './createApiClient';

/** How long an answer asked for early waits for the app's own identical request before it is dropped. */
export const EARLY_FRESH_MS = 10_000;

/** The page's client, able to ask before the app's script has loaded. */
export interface EarlyApiClient extends ApiClient {
  /** Sends the call now; the app's first identical call (same method and input), if it comes soon, gets this answer. */
  askEarly<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>>;
  /** Starts the subscription now, keeping its events; the app's first identical subscription takes it over. */
  watchEarly<T extends TopicName>(topic: T, input: TopicInput<T>): void;
  /** The latest event an early subscription kept and nobody took over yet (left in place for its taker). */
  earlyEvent<T extends TopicName>(topic: T, input: TopicInput<T>): TopicPayload<T> | undefined;
}

interface EarlyCall {
  promise: Promise<unknown>;
  at: number;
}

interface EarlyWatch {
  at: number;
  kept: { kind: 'event'; payload: unknown }[];
  ended?: { error: Parameters<NonNullable<SubscriptionHandlers<unknown>['onEnd']>>[0] };
  taker?: SubscriptionHandlers<unknown>;
  cancel: () => void;
}

/**
 * A client that lets the page's first script ask for what every screen needs (and what the URL's screen will
 * ask for) while the app's own script is still loading: the socket opens, and the answers travel, during the
 * time the browser spends fetching and compiling React. Each early answer is handed over once, to the first
 * identical request, and only within {@link EARLY_FRESH_MS}; any later request asks anew. An early
 * subscription nobody takes over within that time is cancelled.
 */
export function withEarlyAnswers(client: ApiClient, now: () => number = () => Date.now()): EarlyApiClient {
  const calls = new Map<string, EarlyCall>();
  const watches = new Map<string, EarlyWatch>();

  const fresh = (at: number) => now() - at <= EARLY_FRESH_MS;

  return {
    ...client,
    askEarly(method, input) {
      const promise = client.call(method, input);
      promise.catch(() => undefined); // the app's own request shows a failure; an early one nobody took is dropped
      const key = keyOf(method, input);
      const early = { promise, at: now() };
      calls.set(key, early);
      // Not taken in time: dropped, so the map empties and later calls skip the lookup.
      setTimeout(() => {
        if (calls.get(key) === early) calls.delete(key);
      }, EARLY_FRESH_MS);
      return promise;
    },
    watchEarly(topic, input) {
      const key = keyOf(topic, input);
      if (watches.has(key)) return;
      const watch: EarlyWatch = { at: now(), kept: [], cancel: () => undefined };
      watch.cancel = client.subscribe(topic, input, {
        onEvent(payload) {
          if (watch.taker) watch.taker.onEvent(payload);
          else watch.kept.push({ kind: 'event', payload });
        },
        onEnd(error) {
          if (watch.taker) watch.taker.onEnd?.(error);
          else watch.ended = { error };
        },
      });
      watches.set(key, watch);
      // Nobody took it over in time: no feed is left running for a screen that never came.
      setTimeout(() => {
        if (watches.get(key) === watch && !watch.taker) {
          watches.delete(key);
          watch.cancel();
        }
      }, EARLY_FRESH_MS);
    },
    earlyEvent(topic, input) {
      const watch = watches.get(keyOf(topic, input));
      return watch && !watch.taker && fresh(watch.at) ? (watch.kept.at(-1)?.payload as TopicPayload<typeof topic> | undefined) : undefined;
    },
    call(method, input) {
      // After the first few seconds nothing is kept: no call pays for a key any more.
      if (calls.size === 0) return client.call(method, input);
      const key = keyOf(method, input);
      const early = calls.get(key);
      if (early) {
        calls.delete(key);
        if (fresh(early.at)) return early.promise as Promise<MethodOutput<typeof method>>;
      }
      return client.call(method, input);
    },
    subscribe(topic, input, handlers) {
      if (watches.size === 0) return client.subscribe(topic, input, handlers);
      const key = keyOf(topic, input);
      const early = watches.get(key);
      if (!early || early.taker || !fresh(early.at) || handlers.stream) return client.subscribe(topic, input, handlers);
      watches.delete(key);
      const taker = handlers as SubscriptionHandlers<unknown>;
      early.taker = taker;
      // What came before the app subscribed, in order, then the feed itself.
      for (const kept of early.kept.splice(0)) taker.onEvent(kept.payload);
      if (early.ended) taker.onEnd?.(early.ended.error);
      return early.cancel;
    },
  };
}

/** One key per request: the method or topic, and its input with keys in a fixed order. */
function keyOf(name: string, input: unknown): string {
  return `${name} ${JSON.stringify(input, (_key, value: unknown) => (value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1))) : value))}`;
}
