import { DEFAULT_RETRY_POLICY, retryDelay, type RetryPolicy } from './retryDelay';
import { rpcErrorFacts } from './rpcErrorFacts';
import { sleep } from './sleep';

/** Options of {@link withRetries}. */
export interface WithRetriesOptions {
  policy?: RetryPolicy;
  signal?: AbortSignal;
  /** Hears each retry before its wait (for logs). */
  onRetry?: (info: { attempt: number; delayMs: number; error: unknown }) => void;
}

/**
 * Runs `attempt` until it succeeds or {@link retryDelay} says to stop, waiting between tries; an abort stops
 * the waiting at once. Throws the last error. viem's own retries are turned off (`retryCount: 0`) in favour
 * of this, because viem retries every -32005 (a log limit comes back the same each time) and every 403, and
 * knows nothing of `backoff_seconds`.
 */
export async function withRetries<T>(attempt: () => Promise<T>, options: WithRetriesOptions = {}): Promise<T> {
  const policy = options.policy ?? DEFAULT_RETRY_POLICY;
  for (let count = 0; ; count++) {
    try {
      return await attempt();
    } catch (error) {
      if (options.signal?.aborted) throw error;
      const delayMs = retryDelay(rpcErrorFacts(error), count, policy);
      if (delayMs === undefined) throw error;
      options.onRetry?.({ attempt: count + 1, delayMs, error });
      await sleep(delayMs, options.signal);
    }
  }
}
