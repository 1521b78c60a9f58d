import type { LogPiece, LogPieceFailure } from '../../../src-shared/logs/planLogRanges';
import { BlockglassError, walkCauses } from '../errors/blockglassError';
import { isLogLimitSignal, type LogLimitSignal } from '../rpc/dialects/logLimitDialects';
import { NodeError } from '../rpc/nodeError';

/**
 * What a failed `eth_getLogs` of one piece means to a run: split it, wait and send it again, or give up.
 * `disabled` is an endpoint without `eth_getLogs`: the run ends with the node's error, which says so.
 */
export type LogRequestFailure = LogPieceFailure | { kind: 'rateLimited'; backoffMs: number } | { kind: 'unreachable' } | { kind: 'disabled' } | { kind: 'other' };

/** Without the service's `backoff_seconds`, a rate-limited piece waits this long before it is sent again. */
const DEFAULT_BACKOFF_MS = 1_000;

/**
 * Reads what the rpc service threw for one piece: the classification it carries (`rpc/nodeFailures.ts`), found
 * by walking the cause chain (viem wraps ours). A log limit's signal (the node's dialect, read there) splits the
 * piece; a rate limit waits its backoff; our own cap on an answer's size splits it; a node that is gone (kind
 * `unreachable`: connection refused, reset, a 502/503/504 from a proxy in front of it, a gateway's -32603) waits
 * and sends it again; anything else is `other`.
 */
export function logPieceFailure(error: unknown): LogRequestFailure {
  const ours = walkCauses(error, (cause) => cause instanceof BlockglassError) as BlockglassError | null;
  if (!ours) return { kind: 'other' };
  const data = typeof ours.data === 'object' && ours.data !== null ? (ours.data as Record<string, unknown>) : {};
  if (isLogLimitSignal(data.logLimit)) return fromSignal(data.logLimit);
  if (ours instanceof NodeError && ours.failure === 'rateLimited') {
    const seconds = data.backoffSeconds;
    return { kind: 'rateLimited', backoffMs: typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds * 1000) : DEFAULT_BACKOFF_MS };
  }
  // Our own cap on an answer's size: a narrower range has a smaller answer.
  if (ours instanceof NodeError && ours.failure === 'tooLarge') return { kind: 'tooLarge' };
  // Blocks the node no longer keeps, where it says which it keeps (the Local sandbox): the others are passed over.
  if (ours instanceof NodeError && ours.failure === 'historyPruned') {
    const kept = keptRanges(data.kept);
    return kept ? { kind: 'dropped', kept } : { kind: 'other' };
  }
  return ours.kind === 'unreachable' ? { kind: 'unreachable' } : { kind: 'other' };
}

/** `[{fromBlock, toBlock}]` (hex numbers; `latest` for an open end) as block ranges, or undefined when it is not that. */
function keptRanges(value: unknown): LogPiece[] | undefined {
  if (!Array.isArray(value) || value.length === 0 || value.length > 64) return undefined;
  const ranges: LogPiece[] = [];
  for (const item of value) {
    if (typeof item !== 'object' || item === null) return undefined;
    const { fromBlock, toBlock } = item as Record<string, unknown>;
    const from = blockNumberOf(fromBlock);
    const to = toBlock === 'latest' ? Number.MAX_SAFE_INTEGER : blockNumberOf(toBlock);
    if (from === undefined || to === undefined || to < from) return undefined;
    ranges.push({ from, to });
  }
  return ranges;
}

function blockNumberOf(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,13}$/.test(value)) return undefined;
  return Number(value);
}

/** The planner's failure for a node's log-limit signal. */
function fromSignal(signal: LogLimitSignal): LogRequestFailure {
  switch (signal.kind) {
    case 'range':
      return { kind: 'tooManyResults', suggested: { from: signal.from, to: signal.to }, ...(signal.results !== undefined ? { limit: signal.results } : {}) };
    case 'limit':
      return { kind: 'rangeTooLarge', limit: signal.blocks };
    case 'disabled':
      return { kind: 'disabled' };
    case 'halve':
      switch (signal.reason) {
        case 'results':
          return { kind: 'tooManyResults', ...(signal.results !== undefined ? { limit: signal.results } : {}) };
        case 'size':
          return { kind: 'tooLarge' };
        case 'timeout':
          return { kind: 'timeout' };
        case 'span':
          return { kind: 'rangeTooLarge' };
        case 'unknown':
          return { kind: 'unknownLimit' };
      }
  }
}
