import { useEffect, useState } from 'react';
import type { ApiError } from '../../src-shared/api/apiError';

/** Waits, 500 ms each, before a stream is run again while the Local sandbox starts; 120 waits at most (a minute). */
const WAIT_MS = 500;
const MAX_WAITS = 120;

/**
 * A finite stream run before the Local sandbox is up (a deep link opened with the app) waits for it: while it
 * failed with "the local sandbox is not running", it is run again every half second, for a minute at most,
 * instead of showing an error that cures itself. Returns whether it is waiting now.
 */
export function useRerunUntilSandboxRuns(stream: { status: string; error?: ApiError; rerun(): void }): boolean {
  const [waits, setWaits] = useState(0);
  const waiting = stream.status === 'failed' && stream.error?.code === 'LOCAL_NOT_RUNNING' && waits < MAX_WAITS;
  const { rerun } = stream;
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => {
      setWaits((n) => n + 1);
      rerun();
    }, WAIT_MS);
    return () => clearTimeout(timer);
  }, [waiting, rerun]);
  return waiting;
}
