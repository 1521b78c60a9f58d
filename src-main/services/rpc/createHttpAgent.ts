import { Agent, fetch as undiciFetch } from 'undici';

/** Keep idle connections this long: long enough to span a polling interval (4 s), short enough to free sockets. */
const KEEP_ALIVE_MS = 10_000;
/** Connections per origin: a batch goes out as one request, so few are needed. */
const CONNECTIONS_PER_ORIGIN = 8;

/** The HTTP connection pool of the rpc service, and a `fetch` that uses it (for viem's `fetchFn`). */
export interface HttpAgent {
  fetch: typeof fetch;
  /** The pool itself, for undici's `request` (the lean client). */
  dispatcher: Agent;
  /** Closes every pooled connection and fails requests still in flight. */
  close(): Promise<void>;
}

/**
 * A keep-alive connection pool (undici `Agent`) owned by the rpc service rather than Node's global one, so
 * that `close()` really closes the service's sockets, and with a connect timeout as long as a request's.
 */
export function createHttpAgent({ timeoutMs }: { timeoutMs: number }): HttpAgent {
  const agent = new Agent({
    keepAliveTimeout: KEEP_ALIVE_MS,
    keepAliveMaxTimeout: KEEP_ALIVE_MS,
    connections: CONNECTIONS_PER_ORIGIN,
    connect: { timeout: timeoutMs },
  });
  const fetchWithAgent = (input: string | URL | Request, init?: RequestInit) =>
    undiciFetch(input as string, { ...(init as object), dispatcher: agent });
  return {
    // undici's Response is the same WHATWG Response Node's global fetch returns; only the types differ.
    fetch: fetchWithAgent as unknown as typeof fetch,
    dispatcher: agent,
    close: () => agent.destroy(),
  };
}
