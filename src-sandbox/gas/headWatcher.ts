import WebSocket from 'ws';
import type { UpstreamRpc } from './upstreamRpc';

/** Stops watching. */
export interface HeadWatcher {
  close(): void;
}

const POLL_MS = 250;
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 5_000;

/**
 * Calls `onNewHead` whenever the node may have a new latest block: on every `newHeads` notification of Anvil's
 * WebSocket, and once each time the subscription is (re)established, since blocks mined while it was not
 * listening were not announced. While the socket is down it polls eth_blockNumber every 250 ms (one call in
 * flight at a time) and reconnects with backoff.
 */
export function watchNewHeads(options: { wsUrl: string; rpc: UpstreamRpc; onNewHead: () => void; log: (line: string) => void }): HeadWatcher {
  let closed = false;
  let socket: WebSocket | undefined;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let pollTimer: NodeJS.Timeout | undefined;
  let backoff = RECONNECT_MIN_MS;
  let polledNumber: string | undefined;
  let reported = false;

  const poll = () => {
    pollTimer = undefined;
    if (closed || socket?.readyState === WebSocket.OPEN) return;
    options.rpc
      .call<string>('eth_blockNumber', [])
      .then((number) => {
        if (number !== polledNumber) {
          polledNumber = number;
          options.onNewHead();
        }
      })
      .catch(() => {}) // The node is down; the cache reports it to the requests that need it.
      .finally(() => {
        if (!closed && !pollTimer && socket?.readyState !== WebSocket.OPEN) pollTimer = setTimeout(poll, POLL_MS);
      });
  };

  const connect = () => {
    reconnectTimer = undefined;
    if (closed) return;
    const ws = new WebSocket(options.wsUrl, { handshakeTimeout: 5_000 });
    socket = ws;
    ws.on('open', () => {
      ws.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newHeads'] }));
    });
    ws.on('message', (data) => {
      let message: { id?: unknown; result?: unknown; method?: string; error?: { message?: string } };
      try {
        message = JSON.parse(String(data)) as typeof message;
      } catch {
        return;
      }
      if (message.method === 'eth_subscription') {
        options.onNewHead();
      } else if (message.id === 1) {
        if (message.error) {
          options.log(`gas: newHeads subscription refused (${message.error.message ?? 'no reason'}); polling instead`);
          ws.terminate();
          return;
        }
        backoff = RECONNECT_MIN_MS;
        reported = false;
        options.onNewHead();
      }
    });
    ws.on('error', () => {}); // 'close' follows and handles it.
    ws.on('close', () => {
      if (closed) return;
      if (!reported) options.log('gas: lost the node\'s newHeads stream; polling eth_blockNumber until it is back');
      reported = true;
      if (!pollTimer) poll();
      reconnectTimer = setTimeout(connect, backoff);
      backoff = Math.min(backoff * 2, RECONNECT_MAX_MS);
    });
  };

  connect();
  return {
    close() {
      closed = true;
      clearTimeout(reconnectTimer);
      clearTimeout(pollTimer);
      socket?.terminate();
    },
  };
}
