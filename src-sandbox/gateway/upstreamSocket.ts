import WebSocket from 'ws';
import { internalError, type RpcErrorObject } from './rpcErrors';
import { isPlainObject } from './validateRequest';

/** What the node answered to a request sent over the socket. */
export type SocketAnswer = { result: unknown } | { error: RpcErrorObject };

export interface UpstreamSocketEvents {
  /** An `eth_subscription` notification, as the exact text the node sent. */
  onNotification(text: string, subscriptionId: string): void;
  /** The socket closed (after `close()` too). */
  onClose(): void;
}

/**
 * One client's own WebSocket to the node, carrying its subscriptions. Requests go out under
 * internal ids and are matched on the way back (the node answers out of order).
 */
export class UpstreamSocket {
  private readonly socket: WebSocket;
  private readonly opened: Promise<void>;
  private readonly pending = new Map<number, { resolve: (answer: SocketAnswer) => void; timer: NodeJS.Timeout }>();
  private lastId = 0;
  private closed = false;

  constructor(
    url: string,
    private readonly events: UpstreamSocketEvents,
    private readonly timeoutMs: number,
  ) {
    this.socket = new WebSocket(url, { perMessageDeflate: false });
    this.opened = new Promise((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('close', () => reject(new Error('upstream socket closed')));
    });
    this.opened.catch(() => {}); // observed by request(); never an unhandled rejection
    this.socket.on('message', (data) => this.onMessage(messageBytes(data).toString('utf8')));
    this.socket.on('error', () => {}); // followed by 'close', handled there
    this.socket.on('close', () => this.onClosed());
  }

  /** Sends a request and waits for its answer; fails with an internal error if the socket dies. */
  async request(method: string, params: unknown): Promise<SocketAnswer> {
    if (this.closed) return { error: internalError('upstream connection closed') };
    try {
      await this.opened;
    } catch {
      return { error: internalError('upstream connection failed') };
    }
    const id = ++this.lastId;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        resolve({ error: internalError('upstream request timed out') });
      }, this.timeoutMs);
      this.pending.set(id, { resolve, timer });
      this.socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    });
  }

  /** Closes the socket; the node drops every subscription made on it. */
  close(): void {
    this.closed = true;
    if (this.socket.readyState === WebSocket.CONNECTING || this.socket.readyState === WebSocket.OPEN) {
      this.socket.terminate();
    }
  }

  private onMessage(text: string): void {
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (!isPlainObject(message)) return;
    if (message.method === 'eth_subscription' && isPlainObject(message.params) && typeof message.params.subscription === 'string') {
      this.events.onNotification(text, message.params.subscription);
      return;
    }
    if (typeof message.id !== 'number') return;
    const waiter = this.pending.get(message.id);
    if (waiter === undefined) return;
    this.pending.delete(message.id);
    clearTimeout(waiter.timer);
    const error = message.error;
    if (isPlainObject(error) && typeof error.code === 'number' && typeof error.message === 'string') {
      waiter.resolve({ error: { code: error.code, message: error.message, ...(error.data === undefined ? {} : { data: error.data }) } });
    } else {
      waiter.resolve({ result: message.result });
    }
  }

  private onClosed(): void {
    this.closed = true;
    for (const [id, waiter] of this.pending) {
      clearTimeout(waiter.timer);
      waiter.resolve({ error: internalError('upstream connection closed') });
      this.pending.delete(id);
    }
    this.events.onClose();
  }
}

/** Bytes of a ws message whatever shape the library hands it in. */
export function messageBytes(data: WebSocket.RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}
