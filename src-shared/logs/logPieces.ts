// The log-range planner's pieces of a block range (planLogRanges.ts).
import type { LogPiece } from './planLogRanges';

/** A waiting piece: whether it was cut to a service hint, the widest pieces it is to be asked in, or asked whole. */
export interface Piece extends LogPiece {
  hinted: boolean;
  width?: number;
  /** Known to fit in one answer: asked as it is (the run's first piece is still cut to `firstBlocks`). */
  whole?: boolean;
}

/** [from, to] as waiting pieces: each of `whole` that lies inside it and after the one before, and the gaps between. */
export function withWholePieces(from: number, to: number, whole: readonly LogPiece[]): Piece[] {
  const pieces: Piece[] = [];
  let next = from;
  for (const piece of whole) {
    if (!Number.isSafeInteger(piece.from) || !Number.isSafeInteger(piece.to) || piece.from < next || piece.to < piece.from || piece.to > to) continue;
    if (piece.from > next) pieces.push({ from: next, to: piece.from - 1, hinted: false });
    pieces.push({ from: piece.from, to: piece.to, hinted: false, whole: true });
    next = piece.to + 1;
  }
  if (next <= to) pieces.push({ from: next, to, hinted: false });
  return pieces;
}

/** Ranges sorted by their first block, those that overlap or touch joined. */
export function mergeRanges(ranges: readonly LogPiece[]): LogPiece[] {
  const merged: LogPiece[] = [];
  for (const range of [...ranges].sort((a, b) => a.from - b.from)) {
    const last = merged.at(-1);
    if (last && range.from <= last.to + 1) merged[merged.length - 1] = { from: last.from, to: Math.max(last.to, range.to) };
    else merged.push({ from: range.from, to: range.to });
  }
  return merged;
}
