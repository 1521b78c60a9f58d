import { useCallback, useEffect, useState } from 'react';
import type { ApiError } from '../../src-shared/api/apiError';
import type { TopicInput, TopicPayload } from '../../src-shared/api/types';
import { useApi } from '../api/useApi';
import { feedKey, joinFeed, restartFeed, type StateTopicName } from './sharedSubscriptions';

/** The latest state of a live subscription. */
export interface SubscriptionState<T extends StateTopicName> {
  /** The latest event, undefined until the first one arrives. */
  data: TopicPayload<T> | undefined;
  /** Why the subscription ended, if it ended with an error (it is restarted after `retryMs`). */
  error: ApiError | undefined;
  /** Ends the subscription and starts it again now (a person's "Try again"). */
  restart: () => void;
}

interface Stored<T extends StateTopicName> extends Omit<SubscriptionState<T>, 'restart'> {
  key: string;
}

/** The last event of each subscription that asked to keep it (`keepLast`), by topic and input; the newest few. */
const lastEvents = new Map<string, unknown>();
const LAST_EVENTS_KEPT = 16;

/**
 * Keeps `payload` as the last event of `topic` with `input`, as a mounted subscription with `keepLast` does: the
 * app's start puts there what the page's first script heard early, so the screen's first render draws it.
 */
export function keepLastOf<T extends StateTopicName>(topic: T, input: TopicInput<T>, payload: TopicPayload<T>): void {
  keepLastEvent(feedKey(topic, input), payload);
}

/** Forgets the last event kept of `topic` with `input` (a first frame drawn away from a window keeps none: renderFirstFrame.tsx). */
export function forgetLastOf<T extends StateTopicName>(topic: T, input: TopicInput<T>): void {
  lastEvents.delete(feedKey(topic, input));
}

function keepLastEvent(key: string, payload: unknown): void {
  lastEvents.delete(key);
  lastEvents.set(key, payload);
  if (lastEvents.size > LAST_EVENTS_KEPT) lastEvents.delete(lastEvents.keys().next().value!);
}

/**
 * Subscribes to `topic` with `input` while the component is mounted and `input` is defined, and answers
 * the latest event. It resubscribes when the input changes (compared by value, so an inline object does
 * not churn), unsubscribes on unmount, and restarts an ended subscription after `retryMs` (live views
 * should recover by themselves when the main side drops a feed). With `keepLast`, a view mounted again starts
 * from the last event an earlier mount heard (the home's latest blocks, painted at once from what the app already
 * holds, then live). Live topics only: a finite stream would run again for ever; those use {@link useStream}.
 */
export function useLiveSubscription<T extends StateTopicName>(
  topic: T,
  input: TopicInput<T> | undefined,
  { retryMs = 3000, keepLast = false }: { retryMs?: number; keepLast?: boolean } = {},
): SubscriptionState<T> {
  const api = useApi();
  const key = input === undefined ? '' : feedKey(topic, input);
  const [stored, setStored] = useState<Stored<T>>(() => ({ key, data: keepLast ? (lastEvents.get(key) as TopicPayload<T> | undefined) : undefined, error: undefined }));
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (key === '') return;
    // Inputs are JSON-safe by contract, so the key's JSON is the input: the effect depends on its value only.
    const parsedInput = JSON.parse(key.slice(topic.length + 1)) as TopicInput<T>;
    let active = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    // One subscription to main per topic and input in the window, whoever else watches it (sharedSubscriptions.ts).
    const leave = joinFeed(api, topic, parsedInput, {
      onEvent(payload) {
        if (!active) return;
        if (keepLast) keepLastEvent(key, payload);
        // The event already drawn (a shared feed's latest, the last one kept) draws nothing again.
        setStored((previous) => (previous.key === key && previous.data === payload && previous.error === undefined ? previous : { key, data: payload as TopicPayload<T>, error: undefined }));
      },
      onEnd(error) {
        if (!active) return;
        if (error) setStored((previous) => ({ key, data: previous.key === key ? previous.data : undefined, error }));
        retry = setTimeout(() => setAttempt((n) => n + 1), retryMs);
      },
      rejoin() {
        if (active) setAttempt((n) => n + 1);
      },
    });
    return () => {
      active = false;
      if (retry) clearTimeout(retry);
      leave();
    };
  }, [api, topic, key, retryMs, keepLast, attempt]);

  // A person's "Try again": a new subscription to main, for every component sharing this one.
  const restart = useCallback(() => {
    restartFeed(api, key);
    setAttempt((n) => n + 1);
  }, [api, key]);
  // State from an earlier input is never shown for the current one (its kept last event, where asked, is).
  if (stored.key !== key) return { data: keepLast ? (lastEvents.get(key) as TopicPayload<T> | undefined) : undefined, error: undefined, restart };
  return { data: stored.data, error: stored.error, restart };
}

/**
 * Holds `topic`'s feed for `input` while the component is mounted, without drawing it: each event is only kept as
 * the last one heard, so a later {@link useLiveSubscription} of the same topic and input with `keepLast` draws it in
 * its first render. Held from the window's first idle moment, sharing the feed with whoever draws it. The explorer
 * holds its home's latest blocks this way: going back to the home paints the blocks at once, then live. An ended
 * feed is asked again after `retryMs`. True once it holds an event of this input.
 */
export function useHeldLiveSubscription<T extends StateTopicName>(topic: T, input: TopicInput<T> | undefined, { retryMs = 3000 }: { retryMs?: number } = {}): boolean {
  const api = useApi();
  const key = input === undefined ? '' : feedKey(topic, input);
  const [heldKey, setHeldKey] = useState<string | undefined>();
  useEffect(() => {
    if (key === '') return;
    const parsedInput = JSON.parse(key.slice(topic.length + 1)) as TopicInput<T>;
    let active = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let leave = () => {};
    const hold = () => {
      leave = joinFeed(api, topic, parsedInput, {
        onEvent(payload) {
          if (!active) return;
          keepLastEvent(key, payload);
          setHeldKey(key);
        },
        onEnd() {
          if (active) retry = setTimeout(hold, retryMs);
        },
        rejoin() {
          if (active) hold();
        },
      });
    };
    // Held in the background: asked once the window is idle, so a page opened cold does not share its first
    // moments (main's answers, the socket) with a feed it does not show.
    const idle = typeof requestIdleCallback === 'function' ? requestIdleCallback(hold, { timeout: 2000 }) : undefined;
    if (idle === undefined) retry = setTimeout(hold, 0);
    return () => {
      active = false;
      if (idle !== undefined) cancelIdleCallback(idle);
      if (retry) clearTimeout(retry);
      leave();
    };
  }, [api, topic, key, retryMs]);
  return heldKey === key && key !== '';
}
