import type { ApiError } from '../../src-shared/api/apiError';
import type { SubscriptionHandlers } from './createApiClient';

/** A finite stream as a screen shows it: every page so far, and where it stands. */
export interface StreamState<Page> {
  pages: Page[];
  /** `running` until main ends it: `done`, or `failed` with `error`; `cancelled` when the person stopped it. */
  status: 'running' | 'done' | 'failed' | 'cancelled';
  error?: ApiError;
}

/**
 * Collects a finite stream (see TopicMode): each event is a page, the end is `done` (or `failed`), and it is
 * never started again by itself: not when it ends, not when the connection drops (it fails with that error
 * then; the person may run it again). Returns the cancel function, which aborts main's work.
 */
export function collectStream<Page>(
  subscribe: (handlers: SubscriptionHandlers<Page>) => () => void,
  onChange: (state: StreamState<Page>) => void,
): () => void {
  let state: StreamState<Page> = { pages: [], status: 'running' };
  const set = (next: StreamState<Page>) => {
    state = next;
    onChange(state);
  };
  onChange(state);
  const unsubscribe = subscribe({
    stream: true,
    onEvent(page) {
      if (state.status === 'running') set({ ...state, pages: [...state.pages, page] });
    },
    onEnd(error) {
      if (state.status !== 'running') return;
      set(error ? { ...state, status: 'failed', error } : { ...state, status: 'done' });
    },
  });
  return () => {
    if (state.status !== 'running') return;
    unsubscribe();
    set({ ...state, status: 'cancelled' });
  };
}
