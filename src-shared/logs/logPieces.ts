// The log-range planner's pieces of a block range, and why a node refuses one (planLogRanges.ts).

/** A block range of one `eth_getLogs` request, both ends included. */
export interface LogPiece {
  readonly from: number;
  readonly to: number;
}

/** Why the node refused a piece, as far as splitting is concerned (any provider's dialect, read in main). */
export type LogPieceFailure =
  /** More results than one answer may hold; `suggested` is the node's hint (`Try with this block range`), `limit` the most it returns. */
  | { kind: 'tooManyResults'; suggested?: { from: number; to: number }; limit?: number }
  /** The node gave up at its time limit. */
  | { kind: 'timeout' }
  /** The answer is larger than the node sends at once (zkSync's `Response is too big`), with no hint. */
  | { kind: 'tooLarge' }
  /** A limit the node does not name (`limit exceeded`); public endpoints with eth_getLogs turned off say this too. */
  | { kind: 'unknownLimit' }
  /** The range spans more blocks than one request may; `limit` is the widest the node allows, when it says. */
  | { kind: 'rangeTooLarge'; limit?: number }
  /**
   * The node no longer keeps some of these blocks (history expiry: geth's 4444 "pruned history unavailable"), and said
   * which it keeps: the blocks outside `kept` are passed over, with no logs, and listed in the plan's `dropped`.
   */
  | { kind: 'dropped'; kept: readonly LogPiece[] };

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
