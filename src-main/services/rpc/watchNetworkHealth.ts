import type { ApiError } from '../../../src-shared/api/apiError';
import type { HealthEvent, HealthReport, HeadView } from '../../../src-shared/api/networks';
import type { NetworkWithCredentials } from './networkWithCredentials';
import type { SocketPool } from './createSocketPool';
import { parseEvmHead } from './parseHead';
import { sleep } from './sleep';

/** Timings of {@link watchNetworkHealth}; tests shorten them. */
export interface HealthTimings {
  /** Pause between polls when there is no WebSocket (or it is down). */
  pollMs: number;
  /** Pause between latency probes while heads arrive over the WebSocket. */
  latencyProbeMs: number;
  /** Pauses after consecutive failures to reach the node (the last one repeats). */
  errorBackoffMs: readonly number[];
  /** Pauses before reconnecting a failed WebSocket (the last one repeats); polling fills the gap. */
  socketBackoffMs: readonly number[];
  /** A WebSocket that stayed up this long counts as healthy again: its backoff starts over. */
  socketStableMs: number;
  /**
   * Pause while the Local sandbox is still starting (a first start seeds its chain for seconds): asked again this
   * often, without backing off, so the head shows as soon as it runs. Asking costs no request (main knows).
   */
  sandboxStartingMs: number;
}

/** About 4 s between polls, a latency probe every 10 s, reconnects after 1, 2, 5, 10, 30 s. */
export const DEFAULT_HEALTH_TIMINGS: Readonly<HealthTimings> = Object.freeze({
  pollMs: 4000,
  latencyProbeMs: 10_000,
  errorBackoffMs: [1000, 2000, 4000, 8000, 10_000],
  socketBackoffMs: [1000, 2000, 5000, 10_000, 30_000],
  socketStableMs: 60_000,
  sandboxStartingMs: 250,
});

/** What {@link watchNetworkHealth} needs from the rpc service. */
export interface HealthDeps {
  resolve: (networkId: string) => Promise<NetworkWithCredentials>;
  /** Chain id the network is configured with, when `resolve` fails (for the events' `expectedChainId`). */
  expectedChainId?: (networkId: string) => Promise<number | string | undefined>;
  probe: (resolved: NetworkWithCredentials, signal: AbortSignal) => Promise<HealthReport>;
  /** A cheap probe (chain id only), for latency while heads come over the WebSocket. */
  ping: (resolved: NetworkWithCredentials, signal: AbortSignal) => Promise<HealthReport>;
  sockets: SocketPool;
  toError: (error: unknown, resolved?: NetworkWithCredentials) => ApiError;
  timings?: HealthTimings;
  log?: (line: string) => void;
}

/**
 * Emits health events for a network until `signal` aborts, then resolves once its sockets and timers are
 * gone. First `connecting`; then a probe (chain id, head, latency); then heads over a `newHeads` WebSocket
 * subscription when the network has a WebSocket address (EVM), or by polling every `pollMs` otherwise or
 * while the socket is down. A dropped socket is reconnected and resubscribed with backoff. When the node
 * cannot be reached: an `error` event per failed attempt, retried with backoff, forever. The network is
 * resolved again after each failure, so a new key or a restarted sandbox (new port) is picked up.
 */
export async function watchNetworkHealth(networkId: string, onEvent: (event: HealthEvent) => void, signal: AbortSignal, deps: HealthDeps): Promise<void> {
  const timings = deps.timings ?? DEFAULT_HEALTH_TIMINGS;
  const log = deps.log ?? (() => {});
  let expectedChainId: number | string | undefined;
  let last: HealthReport | undefined;
  let lastHash: string | undefined;
  let lastState: HealthEvent['state'] | undefined;
  // The failed attempts in a row, for "tried N times since …": reset by the next answer.
  let failingSince: number | undefined;
  let failedAttempts = 0;

  const emit = (event: HealthEvent) => {
    if (signal.aborted) return;
    lastState = event.state;
    try {
      onEvent(event);
    } catch (error) {
      log(`health ${networkId}: a listener failed: ${(error as Error).message}`);
    }
  };
  const emitHead = (head: HeadView | undefined) => {
    if (!last || last.chainId === undefined) return;
    // One event per new head; a repeated head only when the state changes (recovered from an error).
    if (head?.hash === lastHash && lastState === 'connected') return;
    lastHash = head?.hash ?? lastHash;
    failingSince = undefined;
    failedAttempts = 0;
    const { error: _error, ...rest } = last;
    emit({ ...rest, ...(head ? { head } : {}), ...(last.error ? { error: last.error } : {}), state: 'connected', checkedAt: Date.now() });
  };
  const emitError = (error: ApiError) => {
    const now = Date.now();
    failingSince ??= now;
    failedAttempts += 1;
    emit({ networkId, state: 'error', ok: false, expectedChainId, chainIdMismatch: false, error, checkedAt: now, failingSince, failedAttempts });
  };

  let resolved: NetworkWithCredentials | undefined;
  let firstError: unknown;
  try {
    resolved = await deps.resolve(networkId);
    expectedChainId = resolved.network.chainId;
  } catch (error) {
    firstError = error;
    expectedChainId = await deps.expectedChainId?.(networkId).catch(() => undefined);
  }
  emit({ networkId, state: 'connecting', ok: false, expectedChainId, chainIdMismatch: false, checkedAt: Date.now() });

  let failures = 0;
  let socketFailures = 0;
  let socketRetryAt = 0;
  try {
    /** After a failure: soon while the sandbox starts, else with backoff. */
    const pause = (error: ApiError) => sleep(error.code === 'LOCAL_NOT_RUNNING' ? timings.sandboxStartingMs : backoff(timings.errorBackoffMs, failures++), signal);
    if (firstError !== undefined) {
      const said = deps.toError(firstError);
      emitError(said);
      await pause(said);
    }
    while (!signal.aborted) {
      if (!resolved) {
        try {
          resolved = await deps.resolve(networkId);
          expectedChainId = resolved.network.chainId;
        } catch (error) {
          if (signal.aborted) break;
          const said = deps.toError(error);
          emitError(said);
          await pause(said);
          continue;
        }
      }

      const report = await deps.probe(resolved, signal);
      if (signal.aborted) break;
      if (report.chainId === undefined) {
        emitError(report.error ?? deps.toError(new Error('no answer'), resolved));
        resolved = undefined; // resolve again: the key or the sandbox's port may have changed
        await sleep(backoff(timings.errorBackoffMs, failures++), signal);
        continue;
      }
      failures = 0;
      last = report;
      emitHead(report.head);

      if (resolved.network.family === 'evm' && resolved.wsUrl && Date.now() >= socketRetryAt) {
        const started = Date.now();
        const subscribed = await followHeads(resolved, signal);
        if (signal.aborted) break;
        const stable = subscribed && Date.now() - started >= timings.socketStableMs;
        socketFailures = stable ? 0 : socketFailures + 1;
        socketRetryAt = Date.now() + backoff(timings.socketBackoffMs, Math.max(0, socketFailures - 1));
        resolved = undefined;
        continue; // probe at once: tells "node down" from "socket dropped", and polls meanwhile
      }
      // Poll; but no longer than until the WebSocket may be tried again.
      const socketWait = resolved.network.family === 'evm' && resolved.wsUrl ? Math.max(0, socketRetryAt - Date.now()) : Infinity;
      await sleep(Math.min(timings.pollMs, socketWait), signal);
    }
  } catch (error) {
    if (!signal.aborted) throw error;
  }

  /** Heads from a `newHeads` subscription until the socket fails or `signal` aborts; whether it subscribed. */
  async function followHeads(network: NetworkWithCredentials, outer: AbortSignal): Promise<boolean> {
    let lease: Awaited<ReturnType<SocketPool['acquire']>> | undefined;
    let subscription: { unsubscribe(): Promise<void> } | undefined;
    let pinger: NodeJS.Timeout | undefined;
    const ended = new AbortController();
    const onAbort = () => ended.abort();
    outer.addEventListener('abort', onAbort, { once: true });
    try {
      lease = await deps.sockets.acquire(network.wsUrl!, outer);
      subscription = await lease.subscribeNewHeads(
        (raw) => {
          const head = parseEvmHead(raw);
          if (head) emitHead(head);
        },
        (error) => {
          log(`health ${networkId}: the WebSocket failed: ${deps.toError(error, network).shortMessage}`);
          ended.abort();
        },
      );
      pinger = setInterval(() => {
        void deps.ping(network, ended.signal).then((report) => {
          if (ended.signal.aborted || !last) return;
          if (report.chainId !== undefined) {
            last = { ...last, ...pick(report) };
            return;
          }
          // Heads may still come while the node stopped answering requests: let the probe loop decide.
          log(`health ${networkId}: latency probe failed: ${report.error?.shortMessage ?? 'no answer'}`);
          ended.abort();
        });
      }, timings.latencyProbeMs);
      await new Promise<void>((resolve) => {
        if (ended.signal.aborted) resolve();
        else ended.signal.addEventListener('abort', () => resolve(), { once: true });
      });
      return true;
    } catch (error) {
      if (!outer.aborted) log(`health ${networkId}: no WebSocket subscription: ${deps.toError(error, network).shortMessage}`);
      return false;
    } finally {
      outer.removeEventListener('abort', onAbort);
      ended.abort();
      if (pinger) clearInterval(pinger);
      await subscription?.unsubscribe().catch(() => {});
      lease?.release();
    }
  }
}

/** The fields a latency probe refreshes. */
function pick(report: HealthReport): Partial<HealthReport> {
  return {
    ok: report.ok,
    chainId: report.chainId,
    chainIdMismatch: report.chainIdMismatch,
    ...(report.latencyMs !== undefined ? { latencyMs: report.latencyMs } : {}),
    ...(report.error ? { error: report.error } : { error: undefined }),
  };
}

function backoff(steps: readonly number[], failures: number): number {
  return steps[Math.min(failures, steps.length - 1)] ?? 1000;
}
