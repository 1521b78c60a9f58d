import { classifyNodeFailure, hasBackoff } from './nodeFailures';
import type { RpcErrorFacts } from './rpcErrorFacts';

/** How a request is retried: how often, from which delay, and the longest wait worth making. */
export interface RetryPolicy {
  /** Retries after the first attempt. */
  retries: number;
  /** First backoff, doubled each retry (with up to 25 % jitter) when the server gives no hint. */
  baseDelayMs: number;
  /** A server asking for a longer pause than this is not retried: the error goes to the person instead. */
  maxDelayMs: number;
}

/** Three retries from 250 ms; a server's requested pause is honoured up to 30 s. */
export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = Object.freeze({ retries: 3, baseDelayMs: 250, maxDelayMs: 30_000 });

// Statuses that mean "try again later" rather than "this request is wrong".
const TRANSIENT_STATUS = new Set([500, 502, 503, 504]);
// Connection failures after which a new connection may well work (a keep-alive socket closed by the server).
const TRANSIENT_NETWORK = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

/**
 * How long to wait before retry number `attempt` (0 for the first retry) of a request that failed with
 * `facts`, or undefined when it must not be retried. Rate limits wait what the service asks (`backoff_seconds`
 * in the -32005 data, else `Retry-After`); transient failures back off exponentially. Refusals (401, 403,
 * reverts, limits, unknown methods), timeouts and a node that is down are not retried: retrying cannot change
 * them, and a person waits for each attempt.
 */
export function retryDelay(facts: RpcErrorFacts, attempt: number, policy: RetryPolicy = DEFAULT_RETRY_POLICY, random: () => number = Math.random): number | undefined {
  if (attempt >= policy.retries) return undefined;
  const backoff = Math.round(policy.baseDelayMs * 2 ** attempt * (1 + random() / 4));
  let delay: number | undefined;
  switch (classifyNodeFailure(facts).failure) {
    case 'rateLimited':
      delay = requestedDelayMs(facts) ?? backoff;
      break;
    case 'http':
    case 'gatewayDown':
      delay = facts.status !== undefined && TRANSIENT_STATUS.has(facts.status) ? (requestedDelayMs(facts) ?? backoff) : undefined;
      break;
    case 'network':
      delay = facts.systemCode !== undefined && TRANSIENT_NETWORK.has(facts.systemCode) ? backoff : undefined;
      break;
    default:
      delay = undefined;
  }
  return delay !== undefined && delay <= policy.maxDelayMs ? delay : undefined;
}

/** The pause the server asked for, in ms: `backoff_seconds`, else `Retry-After` (seconds or an HTTP date). */
export function requestedDelayMs(facts: RpcErrorFacts, now: number = Date.now()): number | undefined {
  if (hasBackoff(facts.rpcData) && facts.rpcData.backoff_seconds >= 0) return Math.ceil(facts.rpcData.backoff_seconds * 1000);
  const header = facts.retryAfter?.trim();
  if (!header) return undefined;
  if (/^\d+$/.test(header)) return Number(header) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
