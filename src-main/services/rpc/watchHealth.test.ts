import { socketClientCache } from 'viem/utils';
import { afterEach, describe, expect, it } from 'vitest';
import { sharedSandbox } from './testing/sharedSandbox';
import type { HealthEvent } from '../../../src-shared/api/networks';
import type { NetworkWithCredentials } from './networkWithCredentials';
import { createRpcService, type RpcService } from './createRpcService';
import { closedPort } from './testing/closedPort';
import { sandboxNetwork } from './testing/sandboxNetwork';
import { tcpConnectionsTo, waitFor } from './testing/tcpConnections';
import { startTcpProxy, type TcpProxy } from './testing/tcpProxy';
import { DEFAULT_HEALTH_TIMINGS, type HealthTimings } from './watchNetworkHealth';
import { LocalNetworkNotRunningError } from '../networks/networkErrors';

const sandbox = sharedSandbox();
const KEY = sandbox.info.key;
const sandboxPort = Number(new URL(sandbox.info.rpcUrl).port);
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function service(network: NetworkWithCredentials, timings: Partial<HealthTimings> = {}): RpcService {
  const rpc = createRpcService({ resolve: async () => network, healthTimings: { ...DEFAULT_HEALTH_TIMINGS, ...timings }, timeoutMs: 3000 });
  cleanups.push(() => rpc.close());
  return rpc;
}

/**
 * Watches until `enough` says so (or 20 s pass), then aborts and waits for the watch to end; its events. The abort
 * comes a turn after the event, so it lands in whatever the watch waits on next.
 */
async function watch(rpc: RpcService, enough: (events: HealthEvent[]) => boolean, during?: (events: HealthEvent[]) => void) {
  const events: HealthEvent[] = [];
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 20_000);
  const done = rpc.watchHealth('local', (event) => {
    events.push(event);
    during?.(events);
    if (enough(events)) setImmediate(() => controller.abort());
  }, controller.signal);
  await done;
  clearTimeout(timer);
  return { events };
}

const heads = (events: HealthEvent[]) => events.filter((event) => event.state === 'connected' && event.head);

describe('watchHealth against the real sandbox', () => {
  it('delivers new heads over the WebSocket, then closes its socket when aborted', async () => {
    const network = sandboxNetwork(sandbox.info, KEY);
    // Polling every minute: heads within seconds can only have come over the WebSocket.
    const rpc = service(network, { pollMs: 60_000 });
    let socketSeen = false;
    const { events } = await watch(
      rpc,
      (all) => heads(all).length >= 3,
      () => (socketSeen ||= socketClientCache.size > 0 && tcpConnectionsTo(sandboxPort) > 0),
    );
    expect(events[0]).toMatchObject({ state: 'connecting', networkId: 'local', expectedChainId: 31337 });
    const got = heads(events);
    expect(got.length).toBeGreaterThanOrEqual(3);
    for (const event of got) expect(event).toMatchObject({ ok: true, chainId: 31337, chainIdMismatch: false });
    const numbers = got.map((event) => BigInt(event.head!.number));
    expect(numbers.every((n, i) => i === 0 || n > numbers[i - 1]!)).toBe(true);
    expect(got.at(-1)?.latencyMs).toBeGreaterThanOrEqual(0);
    expect(socketSeen).toBe(true);

    // Aborted: the WebSocket is gone from viem's cache and from the sockets of this process.
    expect([...socketClientCache.keys()].some((id) => id.includes(sandbox.info.wsUrl))).toBe(false);
    await rpc.close();
    await waitFor(() => tcpConnectionsTo(sandboxPort) === 0, 'no connection to the sandbox', 5000);
  });

  it('polls when the network has no WebSocket address', async () => {
    const rpc = service(sandboxNetwork(sandbox.info, KEY, { ws: false }), { pollMs: 300 });
    const { events } = await watch(rpc, (all) => heads(all).length >= 2);
    expect(heads(events).length).toBeGreaterThanOrEqual(2);
    expect(socketClientCache.size).toBe(0);
  });

  it('reconnects and resubscribes after the WebSocket drops', async () => {
    const proxy: TcpProxy = await startTcpProxy(sandboxPort);
    cleanups.push(() => proxy.close());
    const network = sandboxNetwork({ ...sandbox.info, wsUrl: `ws://127.0.0.1:${proxy.port}/local/ws/v3/${KEY}` }, KEY);
    const rpc = service(network, { pollMs: 60_000, socketBackoffMs: [200] });
    let dropped = -1;
    const { events } = await watch(
      rpc,
      (all) => dropped >= 0 && heads(all).length >= dropped + 2,
      (all) => {
        if (dropped < 0 && heads(all).length >= 2 && proxy.accepted() === 1) {
          dropped = heads(all).length;
          proxy.dropAll();
        }
      },
    );
    expect(dropped).toBeGreaterThan(0);
    expect(heads(events).length).toBeGreaterThanOrEqual(dropped + 2);
    expect(proxy.accepted()).toBeGreaterThanOrEqual(2); // a new socket, with a new subscription on it
  });

  it('emits errors while the node cannot be reached, and keeps trying until aborted', async () => {
    const port = await closedPort();
    // After the third error the watch would wait an hour: it ends in the test's time only if the abort cuts that wait.
    const rpc = service(sandboxNetwork({ ...sandbox.info, rpcUrl: `http://127.0.0.1:${port}/local/v3/x`, wsUrl: `ws://127.0.0.1:${port}/local/ws/v3/x` }, KEY), {
      errorBackoffMs: [100, 100, 3_600_000],
    });
    const { events } = await watch(rpc, (all) => all.filter((event) => event.state === 'error').length >= 3);
    expect(events[0]?.state).toBe('connecting');
    const errors = events.filter((event) => event.state === 'error');
    expect(errors.length).toBeGreaterThanOrEqual(3);
    expect(errors[0]).toMatchObject({ ok: false, error: { name: 'NetworkDownError' } });
    // Each says how many attempts in a row failed, since the first of them.
    expect(errors.map((event) => event.failedAttempts)).toEqual(errors.map((_, at) => at + 1));
    expect(new Set(errors.map((event) => event.failingSince)).size).toBe(1);
    expect(errors[0]!.failingSince).toBe(errors[0]!.checkedAt);
    expect(JSON.stringify(events)).not.toContain(KEY);
  });

  it('asks again soon, without backing off, while the Local sandbox is still starting, and shows its head once it runs', async () => {
    // After an error of any other kind the watch would wait an hour: a head comes in the test's time only if a sandbox
    // still starting is asked again at once.
    let starts = 3;
    const network = sandboxNetwork(sandbox.info, KEY);
    const rpc = createRpcService({
      resolve: async () => {
        if (starts-- > 0) throw new LocalNetworkNotRunningError();
        return network;
      },
      healthTimings: { ...DEFAULT_HEALTH_TIMINGS, errorBackoffMs: [3_600_000], sandboxStartingMs: 50 },
      timeoutMs: 3000,
    });
    cleanups.push(() => rpc.close());
    const { events } = await watch(rpc, (all) => heads(all).length >= 1);
    const errors = events.filter((event) => event.state === 'error');
    expect(errors.length).toBeGreaterThanOrEqual(3);
    expect(errors[0]).toMatchObject({ error: { code: 'LOCAL_NOT_RUNNING' } });
    expect(heads(events).length).toBe(1);
  });

  it('flags heads from a node on another chain', async () => {
    const liar = sandboxNetwork(sandbox.info, KEY, { id: 'local', chainId: 1 });
    const { events } = await watch(service(liar, { pollMs: 300 }), (all) => heads(all).length >= 1);
    expect(heads(events)[0]).toMatchObject({ state: 'connected', ok: false, chainId: 31337, expectedChainId: 1, chainIdMismatch: true, error: { name: 'ChainIdMismatchError' } });
  });
});
