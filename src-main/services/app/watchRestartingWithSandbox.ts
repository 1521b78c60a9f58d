import type { AbortSignalLike } from '../../../src-shared/api/types';
import type { SandboxLauncher } from '../sandbox/createSandboxLauncher';
import { whenAborted } from './whenAborted';

/**
 * Runs `watch` until `outer` aborts, and starts it afresh whenever the sandbox becomes `running`.
 * A watch started while the sandbox is still starting (the app's first seconds, or after a crash)
 * fails and backs off for seconds; restarting it when the sandbox is up shows the live head at once.
 */
export async function watchRestartingWithSandbox(
  launcher: Pick<SandboxLauncher, 'status' | 'onStatus'>,
  watch: (signal: AbortSignal) => Promise<void>,
  outer: AbortSignalLike,
): Promise<void> {
  let inner = new AbortController();
  const run = () => void watch(inner.signal).catch(() => {});
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
    stop();
    inner.abort();
  }
}
