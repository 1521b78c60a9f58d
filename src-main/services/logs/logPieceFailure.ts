import type { LogPieceFailure } from '../../../src-shared/logs/planLogRanges';
import { isNodeGone } from '../../../src-shared/api/nodeGone';
import { thrownToApiError } from '../errors/thrownToApiError';

/** What a failed `eth_getLogs` of one piece means to a run: split it, wait and send it again, or give up. */
export type LogRequestFailure = LogPieceFailure | { kind: 'rateLimited'; backoffMs: number } | { kind: 'unreachable' } | { kind: 'other' };

/** Without the service's `backoff_seconds`, a rate-limited piece waits this long before it is sent again. */
const DEFAULT_BACKOFF_MS = 1_000;
/** The gateway's and the hosted service's words for a range over the block limit: `range 10001 exceeds limit of 10000`. */
const RANGE_TOO_LARGE = /\brange \d+ exceeds limit of (\d+)/i;

/**
 * Reads what the rpc service threw for one piece (a `BlockglassError`, also down a viem cause chain) by its
 * name: `LogLimitExceededError` with the service's range hint, `QueryTimeoutError`, `InvalidParamsError` for a
 * range over the block limit, `RateLimitedError` with its backoff; the node gone (connection refused, reset or
 * failed, a 502/503/504 from a proxy in front of it, a gateway's -32603 internal error) is `unreachable`; anything else is `other`.
 */
export function logPieceFailure(error: unknown): LogRequestFailure {
  // Only names and numbers are read here; nothing leaves main, so there is nothing to redact.
  const plain = thrownToApiError(error, (text) => text);
  const data = typeof plain.data === 'object' && plain.data !== null ? (plain.data as Record<string, unknown>) : {};
  switch (plain.name) {
    case 'LogLimitExceededError': {
      const from = blockNumber(data.from);
      const to = blockNumber(data.to);
      return from !== undefined && to !== undefined ? { kind: 'tooManyResults', suggested: { from, to } } : { kind: 'tooManyResults' };
    }
    case 'QueryTimeoutError':
      return { kind: 'timeout' };
    case 'InvalidParamsError': {
      const said = RANGE_TOO_LARGE.exec(plain.shortMessage);
      // Other refused parameters (a malformed filter) cannot be cured by splitting.
      if (!said && !(typeof data.limit === 'number' && data.from !== undefined && data.to !== undefined)) return { kind: 'other' };
      const limit = typeof data.limit === 'number' ? data.limit : said ? Number(said[1]) : undefined;
      return limit !== undefined && Number.isSafeInteger(limit) && limit > 0 ? { kind: 'rangeTooLarge', limit } : { kind: 'rangeTooLarge' };
    }
    case 'RateLimitedError': {
      const seconds = data.backoffSeconds;
      return { kind: 'rateLimited', backoffMs: typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds * 1000) : DEFAULT_BACKOFF_MS };
    }
    default:
      return isNodeGone(plain) ? { kind: 'unreachable' } : { kind: 'other' };
  }
}

/** A block number as the service writes it in error data: 0x hex, or a plain number. */
function blockNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
  if (typeof value !== 'string' || !/^0x[0-9a-f]{1,13}$/i.test(value)) return undefined;
  return Number.parseInt(value, 16);
}
