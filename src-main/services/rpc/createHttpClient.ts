// SECURITY: `rpcUrl` carries the API key. The client lives in the main process only; errors it throws carry
// the URL in their message and must go through `nodeError` before they are shown or logged.
import { createClient, http, type Client } from 'viem';

/** Options of {@link createHttpClient}. */
export interface HttpClientOptions {
  fetch: typeof fetch;
  timeoutMs: number;
  maxResponseBytes: number;
  /** Batch requests made in the same tick (default true). */
  batch?: boolean;
}

/**
 * A viem client over HTTP for one network and key: JSON-RPC batching (requests made in the same tick go out
 * as one POST), the given keep-alive `fetch`, a timeout covering the body too, and a response-size cap (viem's
 * own default is 10 MiB; ours is the service's). viem's retries are off: `withRetries` decides.
 */
export function createHttpClient(rpcUrl: string, options: HttpClientOptions): Client {
  return createClient({
    transport: http(rpcUrl, {
      batch: options.batch ?? true,
      fetchFn: options.fetch,
      timeout: options.timeoutMs,
      maxResponseBodySize: options.maxResponseBytes,
      retryCount: 0,
    }),
  });
}
