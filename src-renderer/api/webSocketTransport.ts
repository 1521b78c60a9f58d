import type { ServerMessage } from '../../src-shared/api/wire';
import { apiSubprotocols } from '../../src-shared/api/apiSocket';
import type { PipeClosure } from '../../src-shared/api/closeCodes';
import { createTransportListeners } from '../../src-shared/api/transportListeners';
import type { ApiTransport } from './apiTransport';

/** Where and how to reach the web host's API socket. */
export interface WebSocketTransportOptions {
  /** `ws://127.0.0.1:<port>/api` (same host as the page). */
  url: string;
  /** The per-launch access token; sent in `Sec-WebSocket-Protocol`, never in the URL. */
  token: string;
  /** The WebSocket class; the browser's unless a test passes another. */
  WebSocket?: new (url: string, protocols: string[]) => WebSocket;
  /** Reconnection delays: doubled from `initialMs` up to `maxMs`, with jitter. */
  backoff?: { initialMs: number; maxMs: number };
}

const OPEN = 1; // WebSocket.OPEN, without relying on the class's static fields (test doubles may lack them)

/** The transport over the web host's WebSocket: reconnects with backoff for as long as it is open. */
export function webSocketTransport(options: WebSocketTransportOptions): ApiTransport & { close(): void } {
  const Impl = options.WebSocket ?? globalThis.WebSocket;
  const { initialMs, maxMs } = options.backoff ?? { initialMs: 250, maxMs: 10_000 };
  const listeners = createTransportListeners();
  let socket: WebSocket | undefined;
  let open = false;
  let closed = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const announce = (isUp: boolean, closure?: PipeClosure) => {
    listeners.connection(isUp, closure);
  };

  function connect(): void {
    timer = undefined;
    if (closed) return;
    let current: WebSocket;
    try {
      current = new Impl(options.url, apiSubprotocols(options.token));
    } catch {
      scheduleReconnect();
      return;
    }
    socket = current;
    current.onopen = () => {
      attempt = 0;
      open = true;
      announce(true);
    };
    current.onmessage = (event: MessageEvent) => {
      if (typeof event.data !== 'string') return;
      let message: ServerMessage;
      try {
        message = JSON.parse(event.data) as ServerMessage;
      } catch {
        return;
      }
      listeners.message(message);
    };
    current.onerror = () => undefined; // a close event follows; reconnection starts there
    current.onclose = (event: CloseEvent) => {
      if (socket !== current) return;
      socket = undefined;
      if (open) {
        open = false;
        // The close code and reason are main's answer to a message it could not accept: pass them on.
        announce(false, { code: event.code, reason: event.reason });
      }
      scheduleReconnect();
    };
  }

  function scheduleReconnect(): void {
    if (closed || timer !== undefined) return;
    const delay = Math.min(maxMs, initialMs * 2 ** attempt);
    attempt += 1;
    timer = setTimeout(connect, delay / 2 + (Math.random() * delay) / 2); // jitter: windows do not reconnect in step
  }

  connect();
  return {
    send(message) {
      if (socket && open && socket.readyState === OPEN) socket.send(JSON.stringify(message));
    },
    onMessage: listeners.onMessage,
    onConnectionChange: listeners.onConnectionChange,
    isConnected: () => open,
    close() {
      if (closed) return;
      closed = true;
      if (timer !== undefined) clearTimeout(timer);
      const current = socket;
      socket = undefined;
      current?.close(1000);
      if (open) {
        open = false;
        announce(false);
      }
    },
  };
}
