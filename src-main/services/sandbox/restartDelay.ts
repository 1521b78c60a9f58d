/** Waits before restarts after crashes: 1 s, 2 s, 5 s, then every 10 s. */
export const DEFAULT_RESTART_BACKOFF_MS: readonly number[] = Object.freeze([1000, 2000, 5000, 10_000]);

/** How long to wait before restart number `failures` (1 for the first crash in a row); the last step repeats. */
export function restartDelay(failures: number, backoffMs: readonly number[] = DEFAULT_RESTART_BACKOFF_MS): number {
  if (backoffMs.length === 0) return 0;
  const index = Math.min(Math.max(failures, 1), backoffMs.length) - 1;
  return backoffMs[index] ?? 0;
}
