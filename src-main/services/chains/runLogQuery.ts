import { createLogRangePlan, type LogPiece, type LogPlanFailure, type ReleasedPiece } from '../../../src-shared/logs/planLogRanges';
import type { LogRunProgress } from '../../../src-shared/logs/types';
import { BlockglassError } from '../errors/blockglassError';
import { sleep as defaultSleep } from '../rpc/sleep';
import { logPieceFailure } from './logPieceFailure';
import type { RawNodeLog } from './rawNodeLog';

/** Options of {@link runLogQuery}. */
export interface RunLogQueryOptions<Log = RawNodeLog> {
  /** Sends one `eth_getLogs` with these params; throws what the rpc service throws. `signal` must reach the socket. */
  request: (params: unknown[], signal: AbortSignal) => Promise<unknown>;
  /** What to match (address, topics); block fields in it are replaced by each piece's. */
  filter: Record<string, unknown>;
  /** A query of one block by hash: sent as `blockHash` instead of a range (then `from` and `to` are its number). */
  blockHash?: string;
  from: number;
  to: number;
  /** Requests in flight at most (default 3); 1 for a while after the service rate-limits. */
  concurrency?: number;
  /** Widest piece asked at first (default the service's limit, `LOG_LIMITS.blocks`). */
  maxBlocks?: number;
  /** Widest first piece (default `maxBlocks`), asked alone: a narrow one brings the first rows back sooner. */
  firstBlocks?: number;
  /** Logs a piece should hold: later pieces are sized to the density earlier ones saw (see `createLogRangePlan`). */
  adaptTo?: number;
  /** Pieces known to fit one answer (a pre-flight counted them), asked whole. */
  wholePieces?: readonly LogPiece[];
  signal: AbortSignal;
  /** Hears each piece's logs in chain order; the run waits for it (and asks for little more meanwhile). */
  onLogs: (logs: Log[], progress: LogRunProgress) => void | Promise<void>;
  /** Hears progress that comes without logs: empty pieces, splits, retries, the end. */
  onProgress: (progress: LogRunProgress) => void;
  /** Hears the widest range the node stated it allows, each time the run learns a narrower one (to remember it). */
  onBlockLimit?: (blocks: number) => void;
  /**
   * Pass over the blocks a node no longer keeps, where it says which it keeps (the Local sandbox): their logs are
   * missing from the result, which lists them (`dropped`), and the caller says so. Without it the run ends with the
   * node's refusal: for a caller whose answer would be wrong, not only incomplete, without them (a tally of balances).
   */
  passOverDropped?: boolean;
  now?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/** Rate-limit refusals of one piece in a row after which the run gives up with the last of them. */
export const RATE_LIMIT_ATTEMPTS = 8;
/** After a rate limit, one request at a time until this long has passed without another. */
const CALM_MS = 10_000;
/** A longer pause than the service asks for is not waited out (as the rpc service's own retries). */
const MAX_BACKOFF_MS = 30_000;
/** How long a run waits for a node that stopped answering before it ends with the error (rows so far kept). */
export const NODE_GONE_WAIT_MS = 90_000;
/** Pauses between tries while the node is gone: short at first, so a restarted node is found within seconds. */
const NODE_GONE_RETRY_MS = [250, 500, 1_000, 2_000];

/**
 * Runs `eth_getLogs` over [from, to] in pieces (`createLogRangePlan`): up to `concurrency` requests in flight,
 * a refused piece split as the node's error says (in any provider's dialect), rate limits waited out, and logs
 * handed to `onLogs` in chain order; a block limit the node states is told to `onBlockLimit`. Resolves with the
 * final progress; rejects with the error that ended it: a `BlockglassError` named `LogRangeNotNarrowableError`
 * when one block alone is refused, the node's own error when it does not offer `eth_getLogs`, `AbortError` at once when `signal`
 * aborts (nothing is delivered after), or what the rpc service threw. A node that stops answering (killed,
 * restarting, its connection cut) is waited for, up to {@link NODE_GONE_WAIT_MS}, with a `waiting` note in
 * the progress: when it answers again the run goes on from the pieces it still lacks, it does not start over.
 */
export async function runLogQuery<Log = RawNodeLog>(options: RunLogQueryOptions<Log>): Promise<LogRunProgress> {
  const { signal, from, to } = options;
  const concurrency = Math.max(1, options.concurrency ?? 3);
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  if (options.blockHash !== undefined && from !== to) throw new RangeError('A blockHash query covers one block: from and to must be its number.');
  const plan = createLogRangePlan<Log>(from, to, {
    ...(options.maxBlocks === undefined ? {} : { maxBlocks: options.maxBlocks }),
    ...(options.firstBlocks === undefined ? {} : { firstBlocks: options.firstBlocks }),
    ...(options.adaptTo === undefined ? {} : { adaptTo: options.adaptTo }),
    ...(options.wholePieces === undefined ? {} : { wholePieces: options.wholePieces }),
  });
  const { fromBlock: _from, toBlock: _to, blockHash: _hash, ...match } = options.filter;
  const paramsOf = (piece: LogPiece) => [options.blockHash !== undefined ? { ...match, blockHash: options.blockHash } : { ...match, fromBlock: hex(piece.from), toBlock: hex(piece.to) }];

  const started = now();
  const counts = { requests: 0, retries: 0, logs: 0, blocks: 0 };
  /** Since when the node has not answered (any piece), or undefined while it answers. */
  let goneSince: number | undefined;
  const progress = (finished = false): LogRunProgress => {
    const elapsedMs = Math.max(0, now() - started);
    const left = plan.blocksTotal - counts.blocks;
    const etaMs = finished ? 0 : counts.blocks > 0 && elapsedMs > 0 ? Math.round((left * elapsedMs) / counts.blocks) : null;
    const dropped = plan.dropped.length > 0 ? { dropped: plan.dropped.map((range) => ({ from: hex(range.from), to: hex(range.to) })) } : {};
    const base = { from: hex(from), to: hex(to), blocksCovered: counts.blocks, blocksTotal: plan.blocksTotal, logs: counts.logs, requests: counts.requests, retries: counts.retries, splits: plan.splits, elapsedMs, etaMs, ...dropped };
    if (goneSince === undefined || finished) return base;
    const seconds = Math.round((now() - goneSince) / 1000);
    return {
      ...base,
      waiting: `The node stopped answering ${seconds < 1 ? 'just now' : `${seconds} s ago`}. The query waits for it and goes on from block ${(from + counts.blocks).toLocaleString('en-US')}, keeping the rows it has.`,
    };
  };

  return new Promise<LogRunProgress>((resolve, reject) => {
    let ended = false;
    let active = 0;
    let calmAt = 0;
    let finishing = false;
    let refusal: unknown; // what the service said of the block that cannot be narrowed
    // Ends the requests still in flight when the run ends for any reason, not only the caller's abort.
    const stop = new AbortController();
    const requestSignal = AbortSignal.any([signal, stop.signal]);
    // Deliveries and progress go through one chain, so `onLogs` calls never overlap and progress never goes back.
    let chain: Promise<void> = Promise.resolve();
    let undelivered = 0;
    let progressQueued = false;

    const end = (error: unknown, result?: LogRunProgress) => {
      if (ended) return;
      ended = true;
      signal.removeEventListener('abort', onAbort);
      stop.abort();
      if (error === undefined) resolve(result!);
      else reject(error);
    };
    const onAbort = () => end(cancelled(signal));
    if (signal.aborted) return end(cancelled(signal));
    signal.addEventListener('abort', onAbort, { once: true });

    const queue = (step: () => void | Promise<void>) => {
      chain = chain.then(() => (ended ? undefined : step())).catch((error: unknown) => end(error));
    };
    const notify = () => {
      if (progressQueued) return;
      progressQueued = true;
      queue(() => {
        progressQueued = false;
        options.onProgress(progress());
      });
    };
    const deliver = (released: ReleasedPiece<Log>[]) => {
      for (const { piece, logs } of released) {
        undelivered += 1;
        queue(async () => {
          counts.blocks += piece.to - piece.from + 1;
          counts.logs += logs.length;
          if (logs.length > 0) await options.onLogs(logs, progress());
          else options.onProgress(progress());
          undelivered -= 1;
          pump();
        });
      }
    };

    // A narrow first piece is asked alone: its rows come sooner without the wide pieces sharing the node.
    let firstAnswered = options.firstBlocks === undefined;
    const width = () => (now() < calmAt || !firstAnswered ? 1 : concurrency);
    const pump = () => {
      if (ended || finishing) return;
      const { failed } = plan;
      if (failed || plan.done) {
        // The logs before a block that cannot be narrowed are still delivered: wait for the pieces in flight.
        if (active > 0) return;
        finishing = true;
        return queue(() => {
          if (failed) return end(notNarrowable(failed, refusal));
          const last = progress(true);
          options.onProgress(last);
          end(undefined, last);
        });
      }
      // Logs waiting for a slow `onLogs` hold memory: ask for more only while few pieces are waiting.
      while (active < width() && undelivered < concurrency) {
        const piece = plan.take();
        if (!piece) break;
        active += 1;
        fetchPiece(piece)
          .then(() => {
            active -= 1;
            firstAnswered = true;
            deliver(plan.release());
            pump();
          })
          .catch((error: unknown) => end(signal.aborted ? cancelled(signal) : error));
      }
    };

    /** Asks for one piece until it is answered or refused; waits out rate limits. */
    const fetchPiece = async (piece: LogPiece): Promise<void> => {
      for (let limited = 1, gone = 0; ; ) {
        counts.requests += 1;
        let result: unknown;
        try {
          result = await options.request(paramsOf(piece), requestSignal);
        } catch (error) {
          if (requestSignal.aborted) throw error;
          const failure = logPieceFailure(error);
          // An endpoint without eth_getLogs: the node's error says so and what to do; no narrower range helps.
          if (failure.kind === 'other' || failure.kind === 'disabled') throw error;
          if (failure.kind === 'dropped' && !options.passOverDropped) throw error;
          if (failure.kind === 'unreachable') {
            goneSince ??= now();
            if (now() - goneSince >= NODE_GONE_WAIT_MS) throw error;
            counts.retries += 1;
            notify();
            await sleep(NODE_GONE_RETRY_MS[Math.min(gone++, NODE_GONE_RETRY_MS.length - 1)]!, requestSignal);
            continue;
          }
          limited += 1;
          if (failure.kind === 'rateLimited') {
            if (limited > RATE_LIMIT_ATTEMPTS || failure.backoffMs > MAX_BACKOFF_MS) throw error;
            counts.retries += 1;
            calmAt = now() + Math.max(CALM_MS, failure.backoffMs);
            notify();
            await sleep(failure.backoffMs, requestSignal);
            continue;
          }
          const known = plan.statedBlockLimit;
          plan.fail(piece, failure);
          if (plan.statedBlockLimit !== undefined && plan.statedBlockLimit !== known) options.onBlockLimit?.(plan.statedBlockLimit);
          if (plan.failed && refusal === undefined) refusal = error;
          notify();
          return;
        }
        if (goneSince !== undefined) {
          goneSince = undefined;
          notify();
        }
        if (!Array.isArray(result)) {
          throw new BlockglassError('The node answered eth_getLogs with something other than a list of logs.', { code: 'NOT_A_LOG_LIST', details: `Blocks ${piece.from} to ${piece.to}.` });
        }
        plan.succeed(piece, result as Log[]);
        return;
      }
    };

    pump();
  });
}

function hex(n: number): string {
  return `0x${n.toString(16)}`;
}

/** The run's end when one block alone is refused: the plan's sentence, the service's refusal as the cause. */
function notNarrowable(failure: LogPlanFailure, cause: unknown): BlockglassError {
  const error = new BlockglassError(failure.message, {
    code: 'LOG_RANGE_NOT_NARROWABLE',
    details:
      failure.kind === 'unknownLimit'
        ? 'Add this chain with another provider\'s address, or your own node\'s, in Settings → Networks, and run the query there.'
        : 'The service answers a query one block at a time at the least; add a contract address or a topic so that this block matches fewer logs.',
    data: { block: failure.block, reason: failure.kind },
    ...(cause !== undefined ? { cause } : {}),
  });
  error.name = 'LogRangeNotNarrowableError';
  return error;
}

function cancelled(signal: AbortSignal): BlockglassError {
  const error = new BlockglassError('The log query was cancelled.', { code: 'ABORTED', cause: signal.reason });
  error.name = 'AbortError';
  return error;
}
