/** Limits the gateway enforces; defaults follow the hosted service (see reference/SERVICE-FACTS.md). */
export interface GatewayLimits {
  /** Largest accepted HTTP body or WebSocket message, in bytes (HTTP 413 / close code 1009 above it). */
  maxBodyBytes: number;
  /** Most items in one batch (-32600 `batch too large` above it). */
  maxBatchItems: number;
  /** Most logs one eth_getLogs may return (-32005 with a block-range hint above it). */
  logsMaxResults: number;
  /** Most addresses + topics in one eth_getLogs filter (-32005 above it). */
  logsMaxParams: number;
  /** Widest eth_getLogs block range, in blocks (-32602 above it). */
  logsMaxBlockRange: number;
  /** Longest eth_getLogs query, in ms (-32005 `query timeout exceeded`; the upstream request is aborted). */
  logsTimeoutMs: number;
  /** eth_call / eth_estimateGas `gas` is capped to this many times the latest block gas limit. */
  gasCapMultiplier: number;
  /** Per-key token bucket: each request (each batch item) takes one token. */
  rateLimit: { requestsPerSecond: number; burst: number };
  /** Most active (and pending) subscriptions on one WebSocket connection. */
  maxSubscriptionsPerConnection: number;
  /** Longest any other upstream request may take, in ms. */
  upstreamTimeoutMs: number;
  /**
   * How often the head cache re-reads the node's head, in ms. New blocks arrive by notification;
   * this bounds how long a revert the node does not announce (evm_revert, anvil_reset) goes unseen.
   */
  headCheckIntervalMs: number;
}

/** The defaults: the hosted service's published limits, and generous local rate limits. */
export const DEFAULT_GATEWAY_LIMITS: Readonly<GatewayLimits> = Object.freeze({
  maxBodyBytes: 5 * 1024 * 1024,
  maxBatchItems: 1000,
  logsMaxResults: 10_000,
  logsMaxParams: 5_000,
  logsMaxBlockRange: 10_000,
  logsTimeoutMs: 10_000,
  gasCapMultiplier: 10,
  // Generous on purpose: the repo's own benchmark pushes tens of thousands of requests per second
  // through one key (bench/run.ts); tests and callers wanting the 429 behaviour set their own.
  rateLimit: Object.freeze({ requestsPerSecond: 100_000, burst: 200_000 }),
  maxSubscriptionsPerConnection: 100,
  upstreamTimeoutMs: 30_000,
  headCheckIntervalMs: 100,
});

/**
 * The largest request Anvil reads (its HTTP body limit is 2 MiB), less room for the internal id a request may be
 * re-sent under. Over it Anvil answers -32600 or, for larger bodies, resets the connection mid-upload, so the
 * same request got either answer; the gateway answers such a request itself, always the same way.
 */
export const NODE_MAX_REQUEST_BYTES = 2 * 1024 * 1024 - 1024;

/** Fills missing limits with the defaults. */
export function resolveLimits(partial: Partial<GatewayLimits> | undefined): GatewayLimits {
  return {
    ...DEFAULT_GATEWAY_LIMITS,
    ...partial,
    rateLimit: { ...DEFAULT_GATEWAY_LIMITS.rateLimit, ...partial?.rateLimit },
  };
}
