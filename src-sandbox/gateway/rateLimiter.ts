/** Outcome of asking the limiter for tokens. */
export type RateDecision =
  | { allowed: true }
  | { allowed: false; currentRps: number; allowedRps: number; backoffSeconds: number };

/** Per-key token bucket with a trailing-second request rate for the 429 report. */
export interface RateLimiter {
  /** Takes `cost` tokens from `key`'s bucket, or reports how long to back off. */
  take(key: string, cost: number): RateDecision;
}

interface Bucket {
  tokens: number;
  refilledAt: number;
  /** Requests seen in the current and the previous one-second window, for `current_rps`. */
  windowStart: number;
  windowCount: number;
  previousCount: number;
}

/** Creates a token-bucket limiter; `now` (ms) is injectable for tests. */
export function createRateLimiter(
  options: { requestsPerSecond: number; burst: number },
  now: () => number = () => performance.now(),
): RateLimiter {
  const rate = options.requestsPerSecond;
  const burst = Math.max(1, options.burst);
  // Keys are checked before they reach the limiter, so this map only ever holds valid keys.
  const buckets = new Map<string, Bucket>();

  return {
    take(key, cost) {
      const t = now();
      let bucket = buckets.get(key);
      if (bucket === undefined) {
        bucket = { tokens: burst, refilledAt: t, windowStart: t, windowCount: 0, previousCount: 0 };
        buckets.set(key, bucket);
      }
      bucket.tokens = Math.min(burst, bucket.tokens + ((t - bucket.refilledAt) / 1000) * rate);
      bucket.refilledAt = t;
      const elapsed = t - bucket.windowStart;
      if (elapsed >= 1000) {
        bucket.previousCount = elapsed >= 2000 ? 0 : bucket.windowCount;
        bucket.windowStart = elapsed >= 2000 ? t : bucket.windowStart + 1000;
        bucket.windowCount = 0;
      }
      bucket.windowCount += cost;
      if (bucket.tokens >= cost) {
        bucket.tokens -= cost;
        return { allowed: true };
      }
      // Sliding-window estimate of the request rate over the last second, refused attempts included.
      const fraction = Math.min(1, (t - bucket.windowStart) / 1000);
      const currentRps = bucket.windowCount + bucket.previousCount * (1 - fraction);
      const deficit = Math.min(cost, burst) - bucket.tokens;
      return {
        allowed: false,
        currentRps: Math.round(currentRps * 100) / 100,
        allowedRps: rate,
        // Whole seconds, so `backoff_seconds` and the Retry-After header agree.
        backoffSeconds: Math.max(1, Math.ceil(deficit / rate)),
      };
    },
  };
}
