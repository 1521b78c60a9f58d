import { useEffect, useState } from 'react';
import type { ApiError } from '../../../../src-shared/api/apiError';
import type { LogQuery, LogRow, LogTailEvent } from '../../../../src-shared/logs/types';
import { useApi } from '../../../api/useApi';

/** Most rows a tail keeps on screen; older ones scroll out. */
const MAX_TAIL_ROWS = 5_000;

/** A live tail as the page shows it: rows newest first, how it follows, and the last error (it restarts itself). */
export interface LogTailState {
  rows: LogRow[];
  via: LogTailEvent['via'] | undefined;
  head: string | null;
  error: ApiError | undefined;
  following: boolean;
  /** While the socket is down: main's words on what the tail does (it connects again, reads what it missed). */
  reconnecting?: string | undefined;
}

/**
 * Follows `query` while `enabled` (topic `logs.tail`): new rows on top; a log a reorganisation removed comes
 * again marked `removed` beside the row it replaces, never dropped. A dropped feed starts again after 3 s.
 */
export function useLogTail(networkId: string, query: LogQuery, enabled: boolean): LogTailState {
  const api = useApi();
  const key = enabled ? JSON.stringify({ networkId, query }) : '';
  const [state, setState] = useState<LogTailState>({ rows: [], via: undefined, head: null, error: undefined, following: false });
  const [attempt, setAttempt] = useState(0);
  // Not enabled, not following: put down while rendering, so no frame says otherwise (nothing raises it again
  // until a subscription does).
  if (key === '' && state.following) setState({ ...state, following: false });

  useEffect(() => {
    if (key === '') return;
    const input = JSON.parse(key) as { networkId: string; query: LogQuery };
    let active = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = api.subscribe('logs.tail', input, {
      onEvent(event) {
        if (!active) return;
        setState((previous) => ({
          rows: event.rows.length ? [...[...event.rows].reverse(), ...previous.rows].slice(0, MAX_TAIL_ROWS) : previous.rows,
          via: event.via,
          head: event.head ?? previous.head,
          error: undefined,
          following: event.reconnecting === undefined,
          reconnecting: event.reconnecting,
        }));
      },
      onEnd(error) {
        if (!active) return;
        setState((previous) => ({ ...previous, following: false, error }));
        retry = setTimeout(() => setAttempt((n) => n + 1), 3000);
      },
    });
    return () => {
      active = false;
      if (retry) clearTimeout(retry);
      unsubscribe();
    };
  }, [api, key, attempt]);

  return state;
}
