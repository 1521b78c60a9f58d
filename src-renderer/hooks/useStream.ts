import { useCallback, useEffect, useRef, useState } from 'react';
import type { StreamTopicName, TopicInput, TopicPayload } from '../../src-shared/api/types';
import { collectStream, type StreamState } from '../api/collectStream';
import { useApi } from '../api/useApi';

/** A finite stream in a component: its pages and status, how to stop it, and how to run it again. */
export interface StreamHandle<T extends StreamTopicName> extends StreamState<TopicPayload<T>> {
  /** Stops it (main's work is aborted); the pages so far stay. */
  cancel(): void;
  /** Runs it again from the start, on the person's request. */
  rerun(): void;
  /**
   * Starts it with `next` at once, in the click that asks for it, before the render that passes `next` as the
   * input: main works on it while the page renders (a log query's results table took about 50 ms to mount
   * before the request went out). The render with that input then takes this run over instead of starting one.
   */
  begin(next: TopicInput<T>): void;
}

/**
 * Runs a finite stream (a log query, an upload) while `input` is defined and the component is mounted, and
 * collects its pages (see collectStream). Unlike a live feed it never restarts by itself: a new input, or
 * `rerun`, starts it again. Stream topics only.
 */
export function useStream<T extends StreamTopicName>(topic: T, input: TopicInput<T> | undefined): StreamHandle<T> {
  const api = useApi();
  const key = input === undefined ? '' : JSON.stringify(input);
  const [run, setRun] = useState(0);
  const [state, setState] = useState<StreamState<TopicPayload<T>>>({ pages: [], status: 'done' });
  const cancelRef = useRef<() => void>(() => undefined);
  const begun = useRef<{ key: string; cancel: () => void } | undefined>(undefined);

  useEffect(() => {
    // No input yet: a run begun for the input the next render brings stays begun (a click can come before the
    // page's first effects have run).
    if (key === '') return;
    const early = begun.current;
    begun.current = undefined;
    if (early && early.key !== key) early.cancel();
    const parsedInput = JSON.parse(key) as TopicInput<T>;
    const cancel = early?.key === key ? early.cancel : collectStream<TopicPayload<T>>((handlers) => api.subscribe(topic, parsedInput, handlers), setState);
    cancelRef.current = cancel;
    return cancel;
  }, [api, topic, key, run]);

  useEffect(() => () => begun.current?.cancel(), []); // one begun and never taken over ends with the page

  const cancel = useCallback(() => cancelRef.current(), []);
  const rerun = useCallback(() => setRun((n) => n + 1), []);
  const begin = useCallback(
    (next: TopicInput<T>) => {
      cancelRef.current();
      begun.current?.cancel();
      begun.current = { key: JSON.stringify(next), cancel: collectStream<TopicPayload<T>>((handlers) => api.subscribe(topic, next, handlers), setState) };
      setRun((n) => n + 1); // the effect runs again even when the input is the same (a run asked again)
    },
    [api, topic],
  );
  return { ...state, cancel, rerun, begin };
}
