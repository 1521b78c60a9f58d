import type { LogPiece } from './planLogRanges';

/** A sub-range whose logs a pre-flight counted, or found over the service's limit. */
export interface CountedRange {
  from: number;
  to: number;
  logs: number | 'over';
}

/**
 * The pieces a run can ask whole, from a pre-flight's counts: adjacent counted sub-ranges joined while together
 * they hold at most `limit` logs and span at most `maxBlocks` blocks, clipped to [from, to]. A sub-range found
 * over the limit, and blocks no sample covered, are left to the run's own splitting. Sorted and disjoint.
 */
export function countedPieces(counted: readonly CountedRange[], from: number, to: number, limit: number, maxBlocks: number): LogPiece[] {
  const pieces: LogPiece[] = [];
  let open: { from: number; to: number; logs: number } | undefined;
  let covered = from - 1; // the last block of a piece made or open: overlapping counts are not trusted
  const close = () => {
    if (open) pieces.push({ from: open.from, to: open.to });
    open = undefined;
  };
  for (const range of [...counted].sort((a, b) => a.from - b.from)) {
    // Clipped to the run's range (a head that moved on since the pre-flight leaves later blocks uncounted); a
    // clipped part holds at most what the whole was counted to hold.
    const start = Math.max(range.from, from);
    const end = Math.min(range.to, to);
    const logs = range.logs === 'over' ? Number.POSITIVE_INFINITY : range.logs;
    const usable = Number.isSafeInteger(start) && Number.isSafeInteger(end) && start <= end && logs <= limit && end - start + 1 <= maxBlocks && start > covered;
    if (!usable) {
      close();
      covered = Math.max(covered, Math.min(range.to, to));
      continue;
    }
    covered = end;
    if (open && open.to + 1 === start && open.logs + logs <= limit && end - open.from + 1 <= maxBlocks) {
      open.to = end;
      open.logs += logs;
      continue;
    }
    close();
    open = { from: start, to: end, logs };
  }
  close();
  return pieces;
}
