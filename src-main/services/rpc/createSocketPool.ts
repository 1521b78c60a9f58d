// SECURITY: WebSocket URLs carry the API key. They are map keys in main-process memory only; errors raised
// here carry them in viem's messages and must go through `nodeError` before anyone sees them.
import { webSocket } from 'viem';
import type { SocketRpcClient } from 'viem/utils';

/** A block header as a `newHeads` notification carries it (hex strings). */
export interface NewHead {
  number: string;
  hash: string;
  timestamp: string;
}

/** One user's share of a pooled WebSocket. */
export interface SocketLease {
  /** Subscribes to `newHeads`; `onError` hears the socket fail (the subscription is then gone). */
  subscribeNewHeads(onHead: (head: NewHead) => void, onError: (error: unknown) => void): Promise<{ unsubscribe(): Promise<void> }>;
  /** `eth_subscribe` with any params (`['logs', filter]`); `onData` hears each notification's result. */
  subscribe(params: unknown[], onData: (result: unknown) => void, onError: (error: unknown) => void): Promise<{ unsubscribe(): Promise<void> }>;
  /** Gives the share back; the socket closes when its last user has released it. */
  release(): void;
}

/** WebSockets shared by every subscriber of the same address, counted so the last one out closes it. */
export interface SocketPool {
  /** A share of the socket to `wsUrl`, connecting it if needed; rejects when it cannot connect in time. */
  acquire(wsUrl: string, signal?: AbortSignal): Promise<SocketLease>;
  /** How many sockets are open (diagnostics and tests). */
  size(): number;
  /** Closes every socket; later `acquire` calls fail. */
  close(): void;
}

interface Entry {
  wsUrl: string;
  client: SocketRpcClient<WebSocket>;
  users: number;
  dead: boolean;
  /** The map value this entry came from, so a late discard never removes a newer socket's entry. */
  pending?: Promise<Entry>;
}

/** Options of {@link createSocketPool}. */
export interface SocketPoolOptions {
  /** Longest wait for a connection or for a subscription's answer. */
  timeoutMs: number;
  /** Ping interval that keeps idle connections from being dropped by proxies. */
  keepAliveMs?: number;
}

const OPEN = 1;

/**
 * Pooled WebSockets on viem's `webSocket` transport. viem caches one socket client per URL for the whole
 * process and offers no reference counting, so closing it for one subscriber would cut every other; the pool
 * counts users. viem's own reconnect is off: after a failed reconnect it stops for good and leaves a dead
 * client in its cache (and prints the error, URL included, to the console), so `watchHealth` reconnects and
 * resubscribes itself, with backoff, through a fresh `acquire`.
 */
export function createSocketPool({ timeoutMs, keepAliveMs = 15_000 }: SocketPoolOptions): SocketPool {
  const entries = new Map<string, Promise<Entry>>();
  let closed = false;

  const discard = (entry: Entry) => {
    if (entry.dead) return;
    entry.dead = true;
    if (entry.pending && entries.get(entry.wsUrl) === entry.pending) entries.delete(entry.wsUrl);
    entry.client.close(); // also drops it from viem's process-wide cache, so the next connect is a fresh one
  };

  const connect = (wsUrl: string): Promise<Entry> => {
    const open = async (): Promise<Entry> => {
      const transport = webSocket(wsUrl, { reconnect: false, keepAlive: { interval: keepAliveMs }, retryCount: 0, timeout: timeoutMs })({ retryCount: 0 });
      const connecting = transport.value!.getRpcClient();
      const client = await raceTimeout(connecting, timeoutMs, () => {
        // It may still connect after we gave up: close it then, or it would stay open and unowned.
        void connecting.then((late) => late.close(), () => {});
      });
      return { wsUrl, client, users: 0, dead: false };
    };
    const pending: Promise<Entry> = open().then((entry) => Object.assign(entry, { pending }));
    entries.set(wsUrl, pending);
    pending.catch(() => {
      if (entries.get(wsUrl) === pending) entries.delete(wsUrl);
    });
    return pending;
  };

  const lease = (entry: Entry): SocketLease => {
    let released = false;
    entry.users++;
    return {
      subscribeNewHeads: (onHead, onError) =>
        subscribe(entry.client, timeoutMs, ['newHeads'], (result) => {
          const head = result as Partial<NewHead> | undefined;
          if (head && typeof head.number === 'string' && typeof head.hash === 'string' && typeof head.timestamp === 'string') {
            onHead({ number: head.number, hash: head.hash, timestamp: head.timestamp });
          }
        }, (error) => {
          discard(entry);
          onError(error);
        }),
      subscribe: (params, onData, onError) =>
        subscribe(entry.client, timeoutMs, params, onData, (error) => {
          discard(entry);
          onError(error);
        }),
      release() {
        if (released) return;
        released = true;
        entry.users--;
        if (entry.users === 0) discard(entry);
      },
    };
  };

  const acquire = async (wsUrl: string, signal?: AbortSignal, tries = 0): Promise<SocketLease> => {
    if (closed) throw new Error('the rpc service is closed');
    signal?.throwIfAborted();
    const entry = await (entries.get(wsUrl) ?? connect(wsUrl));
    if (entry.dead || entry.client.socket.readyState !== OPEN) {
      discard(entry);
      if (tries >= 1) throw Object.assign(new Error('the WebSocket closed as it opened'), { name: 'SocketClosedError' });
      return acquire(wsUrl, signal, tries + 1);
    }
    const share = lease(entry);
    if (signal?.aborted || closed) {
      share.release(); // the count stays right even if this was the socket's only user
      signal?.throwIfAborted();
      throw new Error('the rpc service is closed');
    }
    return share;
  };

  return {
    acquire: (wsUrl, signal) => acquire(wsUrl, signal),

    size: () => entries.size,

    close() {
      closed = true;
      for (const pending of [...entries.values()]) void pending.then(discard, () => {});
      entries.clear();
    },
  };
}

/** `eth_subscribe` on a viem socket client, with a timeout on the answer; `onData` hears each notification's result. */
async function subscribe(
  client: SocketRpcClient<WebSocket>,
  timeoutMs: number,
  params: unknown[],
  onData: (result: unknown) => void,
  onError: (error: unknown) => void,
): Promise<{ unsubscribe(): Promise<void> }> {
  let failed = false;
  const fail = (error: unknown) => {
    if (failed) return;
    failed = true;
    onError(error);
  };
  const subscriptionId = await raceTimeout(
    new Promise<string>((resolve, reject) => {
      let subscribed = false;
      let subscriptionIdSeen: string | undefined;
      client.request({
        body: { method: 'eth_subscribe', params },
        onError(error) {
          if (!subscribed) reject(error ?? new Error('the socket failed'));
          else fail(error ?? new Error('the socket failed'));
        },
        onResponse(response) {
          if (response.error) {
            reject(Object.assign(new Error(response.error.message), { code: response.error.code, data: response.error.data }));
            return;
          }
          if (!subscribed && typeof response.id === 'number' && typeof response.result === 'string') {
            subscribed = true;
            subscriptionIdSeen = response.result;
            resolve(response.result);
            return;
          }
          const notification = (response as { params?: { subscription?: unknown; result?: unknown } }).params;
          if (notification && notification.subscription === subscriptionIdSeen) onData(notification.result);
        },
      });
    }),
    timeoutMs,
  );
  return {
    async unsubscribe() {
      if (failed) return;
      failed = true; // no error callbacks after this
      const done = new Promise<void>((resolve) =>
        client.request({ body: { method: 'eth_unsubscribe', params: [subscriptionId] }, onResponse: () => resolve(), onError: () => resolve() }),
      );
      // A socket that is going away may never answer; the lease's release closes it anyway.
      await raceTimeout(done, Math.min(timeoutMs, 2000)).catch(() => {});
    },
  };
}

/** `promise`, or a timeout error after `ms` (then `onTimeout` runs, to clean up what may still settle). */
function raceTimeout<T>(promise: Promise<T>, ms: number, onTimeout?: () => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      onTimeout?.();
      reject(Object.assign(new Error(`no answer within ${ms} ms`), { name: 'TimeoutError' }));
    }, ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
