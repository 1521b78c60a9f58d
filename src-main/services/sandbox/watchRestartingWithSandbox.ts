import type { AbortSignalLike } from '../../../src-shared/api/types';
import type { SandboxLauncher } from './createSandboxLauncher';
import { whenAborted } from '../api/whenAborted';

/** Options of {@link watchRestartingWithSandbox}. */
export interface WatchRestartingOptions {
  /** Hears a watch that failed or ended by itself (a bug, or a feed that gave up): it is restarted. */
  log: (line: string) => void;
  /** Wait before restarting a watch that failed or ended (default 1 s). */
  retryMs?: number;
}

/**
 * Runs `watch` until `outer` aborts, and starts it afresh whenever the sandbox becomes `running`.
 * A watch started while the sandbox is still starting (the app's first seconds, or after a crash)
 * fails and backs off for seconds; restarting it when the sandbox is up shows the live head at once.
 * A watch that throws or ends while still wanted is logged and restarted after `retryMs`: the Local
 * health feed never dies silently, leaving a view on a stale head.
 */
export async function watchRestartingWithSandbox(
  launcher: Pick<SandboxLauncher, 'status' | 'onStatus'>,
  watch: (signal: AbortSignal) => Promise<void>,
  outer: AbortSignalLike,
  { log, retryMs = 1000 }: WatchRestartingOptions,
): Promise<void> {
  let inner = new AbortController();
  let retry: NodeJS.Timeout | undefined;
  const run = () => {
    const signal = inner.signal;
    watch(signal).then(
      () => restartUnlessStopped(signal, 'ended by itself'),
      (error: unknown) => restartUnlessStopped(signal, `failed: ${error instanceof Error ? error.message : String(error)}`),
    );
  };
  const restartUnlessStopped = (signal: AbortSignal, what: string) => {
    if (signal.aborted || outer.aborted) return;
    // The ended watch's signal is aborted: whatever it left listening on it goes with it (see createFeedHub.ts).
    if (signal === inner.signal) inner.abort();
    log(`app: the Local health feed ${what}; restarting it`);
    clearTimeout(retry);
    retry = setTimeout(() => {
      if (signal !== inner.signal || outer.aborted) return; // replaced or stopped meanwhile
      inner = new AbortController();
      run();
    }, retryMs);
  };
  let running = launcher.status().state === 'running';
  run();
  const stop = launcher.onStatus((status) => {
    const nowRunning = status.state === 'running';
    if (nowRunning && !running && !outer.aborted) {
      inner.abort();
      inner = new AbortController();
      run();
    }
    running = nowRunning;
  });
  try {
    await whenAborted(outer);
  } finally {
    clearTimeout(retry);
    stop();
    inner.abort();
  }
}
