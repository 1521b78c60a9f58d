// Small helpers the app's benchmarks share: a median, wall-clock time comparable with a page's, aligned tables, stopping a child.
import type { ChildProcess } from 'node:child_process';

/** Wall-clock milliseconds with sub-millisecond resolution; comparable with a page's `performance.timeOrigin + performance.now()`. */
export const wallNow = () => performance.timeOrigin + performance.now();

/** The median of `values` (the mean of the middle two for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Rows as aligned text columns: the first `leftColumns` and the last left-aligned, the others right-aligned. */
export function table(header: string[], rows: string[][], leftColumns = 2): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i < leftColumns || i === cells.length - 1 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}

/** Stops a child process the bench started (SIGTERM) and waits for its exit; nothing when it has already exited. */
export async function stopChild(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
