// SECURITY: this service holds networks resolved with their keys (URLs with the key in the path, basic-auth
// tokens). Nothing it returns or throws may carry them: every error goes through `nodeError` with the
// network's secrets, and log lines are built from those redacted errors only.
import type { ApiError } from '../../../src-shared/api/apiError';
import type { HealthEvent, HealthReport } from '../../../src-shared/api/networks';
import type { NetworkWithCredentials } from './networkWithCredentials';
import { setMaxListeners } from 'node:events';
import { createPublicClient, custom, type PublicClient } from 'viem';
import { createHttpAgent } from './createHttpAgent';
import { createHttpClient } from './createHttpClient';
import { createLeanRpcClient } from './createLeanRpcClient';
import { createSocketPool } from './createSocketPool';
import { probeNetwork, type RpcParams } from './probeNetwork';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retryDelay';
import type { BlockglassError } from '../errors/blockglassError';
import { toApiError } from '../errors/thrownToApiError';
import { cancelledRequest, nodeError } from './nodeError';
import { DEFAULT_HEALTH_TIMINGS, watchNetworkHealth, type HealthTimings } from './watchNetworkHealth';
import { withRetries } from './withRetries';

/** JSON-RPC to every network: one-off probes, live health, and plain requests for the screens. */
export interface RpcService {
  /** Probes a network once: chain id (eth_chainId; starknet_chainId for Starknet), head (latest block number/hash/timestamp), latency; never throws: failures go in the report's `error` (an ApiError, key redacted). */
  probe(networkId: string, signal?: AbortSignal): Promise<HealthReport>;
  /** Emits HealthEvents for a network until `signal` aborts: 'connecting' first, then one per new head (WebSocket newHeads with reconnect + resubscribe and backoff; polling every ~4 s when the network has no wsUrl or the socket is down), with latency from a periodic cheap probe, chainIdMismatch, and 'error' events when the node can't be reached (then keeps retrying). Aborting closes its sockets and timers. */
  watchHealth(networkId: string, onEvent: (event: HealthEvent) => void, signal: AbortSignal): Promise<void>;
  /** One JSON-RPC request through the network's client; throws the failure classified and redacted (`NodeError`, see nodeError.ts). */
  request<T>(networkId: string, method: string, params: RpcParams, options?: { signal?: AbortSignal }): Promise<T>;
  /**
   * A typed viem client for one network (viem's public actions: `getBlock`, `getTransactionReceipt`, `call`, …)
   * over the same pooled, batching HTTP client, with the same retries, timeout, size cap and redaction as
   * `request`; `signal` cancels every request it makes. Requests made in the same tick go out as one batch.
   * A failure is a viem error whose cause chain holds the `NodeError` (`walk()` and `thrownToApiError` find it).
   * `batch: false` sends each request at once in an HTTP request of its own (for one large call, such as a
   * multicall, that nothing would share a batch with: no wait for the batch timer).
   */
  client(networkId: string, options?: { signal?: AbortSignal; batch?: boolean }): Promise<PublicClient>;
  /**
   * `eth_subscribe` on the network's WebSocket (e.g. `['logs', filter]`): `onData` hears each notification's
   * result until `signal` aborts, then it unsubscribes and resolves `true`. Resolves `false` at once when the
   * network has no WebSocket address; rejects with a classified, redacted `NodeError` when the socket cannot
   * connect, refuses the subscription, or fails.
   */
  subscribe(networkId: string, params: unknown[], onData: (result: unknown) => void, signal: AbortSignal, onReady?: () => void): Promise<boolean>;
  /** Stops every watch, closes every socket and pooled connection. */
  close(): Promise<void>;
}

/** Options of {@link createRpcService}. */
export interface RpcServiceOptions {
  /** MAIN-PROCESS ONLY: the network with its key (see `NetworkService.resolveWithCredentials`). */
  resolve: (networkId: string) => Promise<NetworkWithCredentials>;
  /** Per-request timeout, body included (default 15 s). */
  timeoutMs?: number;
  /** Largest JSON-RPC answer accepted (default 32 MiB). */
  maxResponseBytes?: number;
  /** Hears retries and socket trouble; lines are redacted. */
  log?: (line: string) => void;
  /** Chain id a network is configured with, for reports on networks that fail to resolve (e.g. no key yet). */
  expectedChainId?: (networkId: string) => Promise<number | string | undefined>;
  retryPolicy?: RetryPolicy;
  healthTimings?: HealthTimings;
  /** Hears every request the screens' services send (method and params, never the address or key): the service's own count of what went to a node. */
  onRequest?: (networkId: string, method: string, params: RpcParams) => void;
}

/** 32 MiB: far above any block or receipt list, below what would hurt the main process. */
export const DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;
/** What the service sends a request through: viem's batching client, or the lean client for lone requests. */
type Requester = { request(args: { method: string; params: unknown }, options: { signal?: AbortSignal; retryCount?: number }): Promise<unknown> };

/** Methods sent in an HTTP request of their own, never batched (see `clientFor`). */
const UNBATCHED_METHODS = new Set(['eth_getLogs']);

/** 15 s: the service's own query limit is 10 s, plus the way there and back. */
export const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * The rpc service on viem: one HTTP client per network and key (batching, keep-alive pool, timeout, size
 * cap), retries with backoff that honour `backoff_seconds` and `Retry-After`, pooled WebSockets for
 * `newHeads`, and errors mapped to ApiErrors with the key redacted.
 */
export function createRpcService(options: RpcServiceOptions): RpcService {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const policy = options.retryPolicy ?? DEFAULT_RETRY_POLICY;
  const log = options.log ?? (() => {});
  const agent = createHttpAgent({ timeoutMs });
  const sockets = createSocketPool({ timeoutMs });
  const clients = new Map<string, { rpcUrl: string; client: Requester }>();
  const lifetime = new AbortController();
  const watches = new Set<Promise<void>>();

  // One client per network and key: a new key (or a restarted sandbox's new port) gives a new URL.
  // Heavy queries own their HTTP request: three eth_getLogs pieces batched together would share one answer
  // (and one size cap), so a large piece would fail its neighbours; the gateway does the same upstream.
  // A lone request (`request()`) is never batched either: viem batches only requests that share an abort
  // signal, and each lone request has its own, so its batch was always of one, sent after viem's batch timer
  // (a setTimeout, at least 1 ms in Node): 1–2 ms added to every request for nothing (see bench/call.ts).
  // Unbatched requests go through the lean client (createLeanRpcClient.ts): same errors, less work.
  const clientFor = (resolved: NetworkWithCredentials, method: string, alone = false): Requester => {
    const batch = !alone && !UNBATCHED_METHODS.has(method);
    const key = `${resolved.network.id}${batch ? '' : ':single'}`;
    const cached = clients.get(key);
    if (cached?.rpcUrl === resolved.rpcUrl) return cached.client;
    const client: Requester = batch
      ? (createHttpClient(resolved.rpcUrl, { fetch: agent.fetch, timeoutMs, maxResponseBytes, batch }) as unknown as Requester)
      : createLeanRpcClient(resolved.rpcUrl, { dispatcher: agent.dispatcher, timeoutMs, maxResponseBytes });
    clients.set(key, { rpcUrl: resolved.rpcUrl, client });
    return client;
  };

  const fail = (error: unknown, resolved?: NetworkWithCredentials, method?: string, signal?: AbortSignal): BlockglassError =>
    signal?.aborted ? cancelledRequest() : nodeError(error, { secrets: resolved?.secrets ?? [], method, timeoutMs, maxResponseBytes, url: resolved?.rpcUrl, localSandbox: resolved?.network.kind === 'local' });
  /** A failure as the plain error a health report carries (redacted already: `nodeError`). */
  const toError = (error: unknown, resolved?: NetworkWithCredentials, method?: string, signal?: AbortSignal): ApiError => toApiError(fail(error, resolved, method, signal));

  const send = (resolved: NetworkWithCredentials, method: string, params: RpcParams, signal?: AbortSignal, alone = false) =>
    withRetries(() => clientFor(resolved, method, alone).request({ method, params }, { signal, retryCount: 0 }), {
      policy,
      signal,
      onRetry: ({ attempt, delayMs, error }) =>
        log(`rpc ${resolved.network.id} ${method}: retry ${attempt} in ${delayMs} ms after: ${fail(error, resolved, method).shortMessage}`),
    });

  const resolveMapped = async (networkId: string): Promise<NetworkWithCredentials> => {
    try {
      return await options.resolve(networkId);
    } catch (error) {
      throw fail(error);
    }
  };
  const sendMapped = async (resolved: NetworkWithCredentials, method: string, params: RpcParams, signal: AbortSignal, alone = false): Promise<unknown> => {
    options.onRequest?.(resolved.network.id, method, params);
    try {
      return await send(resolved, method, params, signal, alone);
    } catch (error) {
      throw fail(error, resolved, method, signal);
    }
  };

  const probeDeps = { send, toError: (error: unknown, resolved: NetworkWithCredentials) => toError(error, resolved) };
  // A signal of its own for each request (and each client): the HTTP client and viem add an abort listener to the
  // signal they are given, and many requests share their caller's (a bisection's sixty-four reads, the service's
  // lifetime): past ten at once Node warned of a leak. A dependent signal takes no listener on its sources.
  const linked = (signal?: AbortSignal) => AbortSignal.any(signal ? [signal, lifetime.signal] : [lifetime.signal]);

  return {
    async probe(networkId, signal) {
      let resolved: NetworkWithCredentials;
      try {
        resolved = await options.resolve(networkId);
      } catch (error) {
        const expectedChainId = await options.expectedChainId?.(networkId).catch(() => undefined);
        return { networkId, ok: false, expectedChainId, chainIdMismatch: false, error: toError(error), checkedAt: Date.now() };
      }
      const combined = linked(signal);
      const report = await probeNetwork(resolved, probeDeps, combined);
      return combined.aborted && report.error ? { ...report, error: toError(undefined, resolved, undefined, combined) } : report;
    },

    watchHealth(networkId, onEvent, signal) {
      const watch = watchNetworkHealth(networkId, onEvent, linked(signal), {
        resolve: options.resolve,
        expectedChainId: options.expectedChainId,
        probe: (resolved, s) => probeNetwork(resolved, probeDeps, s),
        ping: (resolved, s) => probeNetwork(resolved, probeDeps, s, 'chainId'),
        sockets,
        toError: (error, resolved) => toError(error, resolved),
        timings: options.healthTimings ?? DEFAULT_HEALTH_TIMINGS,
        log,
      });
      watches.add(watch);
      void watch.finally(() => watches.delete(watch)).catch(() => {});
      return watch;
    },

    async request<T>(networkId: string, method: string, params: RpcParams, requestOptions: { signal?: AbortSignal } = {}): Promise<T> {
      const signal = linked(requestOptions.signal);
      return (await sendMapped(await resolveMapped(networkId), method, params, signal, true)) as T;
    },

    async client(networkId, clientOptions = {}) {
      const signal = linked(clientOptions.signal);
      // This client's own signal (made here, for it alone): viem adds an abort listener to it for each request in
      // flight, and a bisection has dozens in flight. That is its expected use, not a leak: no limit on listeners.
      setMaxListeners(0, signal);
      const resolved = await resolveMapped(networkId);
      // viem's own retries stay off (withRetries decides); its cache off, so each read asks the node.
      const alone = clientOptions.batch === false;
      const transport = custom({ request: ({ method, params }) => sendMapped(resolved, method, (params ?? []) as unknown[], signal, alone) }, { retryCount: 0, key: 'blockglass', name: `Blockglass ${networkId}` });
      return createPublicClient({ transport, cacheTime: 0 });
    },

    async subscribe(networkId, params, onData, outerSignal, onReady) {
      const signal = linked(outerSignal);
      const resolved = await resolveMapped(networkId);
      if (!resolved.wsUrl) return false;
      const mapped = (error: unknown) => fail(error, { ...resolved, rpcUrl: resolved.wsUrl! }, 'eth_subscribe', signal);
      let lease: Awaited<ReturnType<typeof sockets.acquire>> | undefined;
      try {
        lease = await sockets.acquire(resolved.wsUrl, signal);
        let fail: (error: unknown) => void = () => {};
        const failed = new Promise<never>((_resolve, reject) => (fail = reject));
        failed.catch(() => {}); // raced below; a failure after the abort is nobody's business
        const subscription = await lease.subscribe(params, onData, (error) => fail(error));
        onReady?.();
        const aborted = new Promise<void>((resolve) => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true })));
        try {
          await Promise.race([aborted, failed]);
        } finally {
          await subscription.unsubscribe();
        }
        return true;
      } catch (error) {
        if (signal.aborted) return true;
        throw mapped(error);
      } finally {
        lease?.release();
      }
    },

    async close() {
      lifetime.abort();
      await Promise.allSettled([...watches]);
      sockets.close();
      clients.clear();
      await agent.close();
    },
  };
}
