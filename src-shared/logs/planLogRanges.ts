// The log-range planner: which block ranges a run asks `eth_getLogs` for, and how a refused range is split.
// Pure: the runner in main does the I/O and tells the plan what the service answered.
import { mergeRanges, withWholePieces, type LogPiece, type LogPieceFailure, type Piece } from './logPieces';
import { LOG_LIMITS } from './types';
import { unnarrowable } from './unnarrowable';

export type { LogPiece, LogPieceFailure } from './logPieces';

/** How a plan ended when a single block could not be narrowed further. */
export interface LogPlanFailure {
  /** The block that alone is refused. */
  block: number;
  kind: LogPieceFailure['kind'];
  /** One sentence for a person, naming the block. */
  message: string;
}

/** A piece whose logs are ready, released in chain order. */
export interface ReleasedPiece<T> {
  piece: LogPiece;
  logs: T[];
}

/** The plan of one run over [from, to]: hand out pieces, hear how they went, release results in chain order. */
export interface LogRangePlan<T> {
  /** The next waiting piece, lowest block first, or undefined when none is waiting (or the plan failed). */
  take(): LogPiece | undefined;
  /** Stores the logs of a piece that `take` gave. */
  succeed(piece: LogPiece, logs: T[]): void;
  /** Splits a refused piece (see `createLogRangePlan`), or ends the plan when it is one block. */
  fail(piece: LogPiece, failure: LogPieceFailure): void;
  /** Completed pieces that continue the released prefix from `from`, in chain order, each once. */
  release(): ReleasedPiece<T>[];
  readonly blocksTotal: number;
  /** Blocks released so far, from `from` on without a gap. */
  readonly blocksCovered: number;
  /** Times a refused piece was split. */
  readonly splits: number;
  /** Pieces taken and not yet answered. */
  readonly inFlight: number;
  /** True when every block of [from, to] has been released. */
  readonly done: boolean;
  /** Set when a single block was refused in a way no narrower range can cure; the plan hands out nothing more. */
  readonly failed: LogPlanFailure | undefined;
  /** The widest range the node stated it allows (`rangeTooLarge` with a limit), once one was heard in this plan. */
  readonly statedBlockLimit: number | undefined;
  /** The blocks passed over because the node no longer keeps them (`dropped` refusals), merged, lowest first. */
  readonly dropped: readonly LogPiece[];
}

/** The most pieces the rest of a refused piece is cut into after a hint. */
const MAX_PIECES_PER_HINT = 16;

/**
 * Plans `eth_getLogs` over [from, to] in pieces of at most `maxBlocks` blocks (default the service's limit),
 * the first of them at most `firstBlocks`, and with `adaptTo` as wide as the last answered piece's density allows;
 * `wholePieces` (sorted, inside the range, each known to fit one answer) are asked as they are, whatever their width.
 * A piece refused for too many results is cut at the node's hint when the hint is a narrower range starting
 * at the piece's first block (the rest in pieces as wide as the hint), else halved; a piece cut to a hint and
 * refused again (in any way: zkSync's hint answers `Response is too big`) is halved. A timeout, too large an
 * answer or a limit the node does not name halves. A range too large lowers the width of this and every later
 * piece to the node's stated limit (`statedBlockLimit`), or without one to half the refused width, since a
 * wider range would be refused too. A one-block piece that is refused ends the plan with a failure naming the
 * block. Every refusal leaves strictly smaller pieces, so a plan takes at most 2 × (to − from + 1) − 1 pieces.
 */
export function createLogRangePlan<T>(from: number, to: number, options: { maxBlocks?: number; firstBlocks?: number; adaptTo?: number; wholePieces?: readonly LogPiece[] } = {}): LogRangePlan<T> {
  let maxBlocks = options.maxBlocks ?? LOG_LIMITS.blocks;
  // With `adaptTo`, pieces not yet asked are as wide as would hold that many logs at the density the last
  // answered piece saw (logs cluster: a range's average says little about its parts), between 1 block and
  // `maxBlocks`, and at most twice as wide as that piece: a run over dense blocks is not refused piece after piece.
  const adaptTo = options.adaptTo;
  let width = maxBlocks;
  // The first piece may be narrower than the rest, so its rows are back (and shown) soon.
  let firstBlocks = options.firstBlocks;
  if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to) || from < 0 || from > to) {
    throw new RangeError(`A log range needs whole block numbers with from <= to (got ${from} to ${to}).`);
  }
  if (!Number.isSafeInteger(maxBlocks) || maxBlocks < 1) throw new RangeError(`maxBlocks must be a whole number of at least 1 (got ${maxBlocks}).`);
  if (firstBlocks !== undefined && (!Number.isSafeInteger(firstBlocks) || firstBlocks < 1)) throw new RangeError(`firstBlocks must be a whole number of at least 1 (got ${firstBlocks}).`);
  if (adaptTo !== undefined && !(adaptTo >= 1)) throw new RangeError(`adaptTo must be at least 1 log (got ${adaptTo}).`);

  // Waiting pieces are disjoint, kept sorted by `from`; the first one starts as the whole range and is cut to
  // `maxBlocks` as it is taken, so a narrower limit learned later applies to everything not yet asked.
  // Pieces known to fit (`wholePieces`, counted by a pre-flight) wait as they are, the blocks between them as usual.
  const waiting: Piece[] = withWholePieces(from, to, options.wholePieces ?? []);
  const taken = new Set<LogPiece>();
  const cutToHint = new Set<LogPiece>();
  const completed = new Map<number, ReleasedPiece<T>>();
  let next = from;
  let splits = 0;
  let failed: LogPlanFailure | undefined;
  let statedBlockLimit: number | undefined;
  let dropped: LogPiece[] = [];

  const size = (piece: LogPiece) => piece.to - piece.from + 1;
  const wait = (...pieces: Piece[]) => {
    for (const piece of pieces) {
      const at = waiting.findIndex((other) => other.from > piece.from);
      waiting.splice(at === -1 ? waiting.length : at, 0, piece);
    }
  };
  const settle = (piece: LogPiece) => {
    if (!taken.delete(piece)) throw new Error(`Blocks ${piece.from} to ${piece.to} are not a piece this plan handed out, or were answered already.`);
    return cutToHint.delete(piece); // whether it was cut to a hint
  };

  return {
    take() {
      if (failed) return undefined;
      const first = waiting.shift();
      if (!first) return undefined;
      const widest = first.whole ? (firstBlocks ?? size(first)) : Math.min(maxBlocks, width, first.width ?? maxBlocks, firstBlocks ?? maxBlocks);
      firstBlocks = undefined;
      const piece: LogPiece = { from: first.from, to: Math.min(first.to, first.from + widest - 1) };
      if (piece.to < first.to) wait({ from: piece.to + 1, to: first.to, hinted: false, ...(first.width ? { width: first.width } : {}), ...(first.whole ? { whole: true } : {}) });
      taken.add(piece);
      if (first.hinted) cutToHint.add(piece);
      return piece;
    },

    succeed(piece, logs) {
      settle(piece);
      completed.set(piece.from, { piece, logs });
      if (adaptTo === undefined) return;
      const blocks = size(piece);
      const fits = logs.length === 0 ? Number.POSITIVE_INFINITY : Math.floor((adaptTo * blocks) / logs.length);
      width = Math.max(1, Math.min(maxBlocks, fits, Math.max(width, 2 * blocks)));
    },

    fail(piece, failure) {
      const hinted = settle(piece);
      if (failed) return;
      const blocks = size(piece);
      const halves = (): Piece[] => {
        const middle = piece.from + Math.floor(blocks / 2) - 1;
        return [{ from: piece.from, to: middle, hinted: false }, { from: middle + 1, to: piece.to, hinted: false }];
      };
      if (failure.kind === 'dropped') {
        // The kept parts are asked again; the rest is released with no logs. A refusal of blocks the node says it
        // keeps (nothing to pass over) ends the plan: asking again would be refused again.
        const parts = failure.kept
          .map((kept) => ({ from: Math.max(kept.from, piece.from), to: Math.min(kept.to, piece.to) }))
          .filter((part) => part.from <= part.to)
          .sort((a, b) => a.from - b.from);
        const merged = mergeRanges(parts);
        const gaps: LogPiece[] = [];
        let at = piece.from;
        for (const part of merged) {
          if (part.from > at) gaps.push({ from: at, to: part.from - 1 });
          at = part.to + 1;
        }
        if (at <= piece.to) gaps.push({ from: at, to: piece.to });
        if (gaps.length === 0) {
          failed = { block: piece.from, kind: failure.kind, message: unnarrowable(piece.from, failure) };
          return;
        }
        for (const gap of gaps) completed.set(gap.from, { piece: gap, logs: [] });
        dropped = mergeRanges([...dropped, ...gaps]);
        wait(...merged.map((part) => ({ ...part, hinted: false })));
        return;
      }
      if (blocks === 1) {
        failed = { block: piece.from, kind: failure.kind, message: unnarrowable(piece.from, failure) };
        return;
      }
      splits += 1;
      // Whatever refused this piece would refuse as wide a piece further on: adapting, later pieces are narrower.
      if (adaptTo !== undefined && failure.kind !== 'rangeTooLarge') width = Math.min(width, Math.ceil(blocks / 2));
      switch (failure.kind) {
        case 'tooManyResults': {
          const hint = failure.suggested;
          // A hint is followed once per piece: a cut piece refused again is halved, so a service whose hints
          // shave off one block at a time cannot make the run ask once per block.
          const usable = hint !== undefined && !hinted && hint.from === piece.from && Number.isSafeInteger(hint.to) && hint.to >= piece.from && hint.to < piece.to;
          if (!usable) {
            wait(...halves());
            return;
          }
          // The hint tells how dense the logs are here: the rest is asked in pieces as wide, which spares a
          // refusal per piece when logs are spread evenly, but in no more than MAX_PIECES_PER_HINT pieces, so a
          // dense first block cannot turn the rest into a request per block.
          const rest = piece.to - hint.to;
          const width = Math.max(hint.to - piece.from + 1, Math.ceil(rest / MAX_PIECES_PER_HINT));
          wait({ from: piece.from, to: hint.to, hinted: true }, { from: hint.to + 1, to: piece.to, hinted: false, width });
          return;
        }
        case 'timeout':
        case 'tooLarge':
        case 'unknownLimit':
          wait(...halves());
          return;
        case 'rangeTooLarge': {
          const limit = failure.limit;
          if (limit !== undefined && Number.isSafeInteger(limit) && limit >= 1 && limit < blocks) {
            maxBlocks = Math.min(maxBlocks, limit);
            width = Math.min(width, maxBlocks);
            statedBlockLimit = Math.min(statedBlockLimit ?? limit, limit);
            wait({ from: piece.from, to: piece.to, hinted: false }); // cut to the new width when taken
          } else {
            // No usable limit: a span limit refuses every wider range too, so later pieces start at the halves' width.
            maxBlocks = Math.min(maxBlocks, Math.ceil(blocks / 2));
            width = Math.min(width, maxBlocks);
            wait(...halves());
          }
          return;
        }
      }
    },

    release() {
      const released: ReleasedPiece<T>[] = [];
      for (let ready = completed.get(next); ready; ready = completed.get(next)) {
        completed.delete(next);
        released.push(ready);
        next = ready.piece.to + 1;
      }
      return released;
    },

    blocksTotal: to - from + 1,
    get blocksCovered() {
      return next - from;
    },
    get splits() {
      return splits;
    },
    get inFlight() {
      return taken.size;
    },
    get done() {
      return next > to;
    },
    get failed() {
      return failed;
    },
    get statedBlockLimit() {
      return statedBlockLimit;
    },
    get dropped() {
      return dropped;
    },
  };
}
