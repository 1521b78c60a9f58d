import { UpstreamSocket } from './upstreamSocket';
import { isPlainObject } from './validateRequest';

/** The chain head as the node reported it. */
export interface Head {
  number: number;
  /** Block hash, lower-case hex as the node sends it. */
  hash: string;
}

export interface HeadTrackerOptions {
  /** The node's WebSocket address. */
  wsUrl: string;
  /** How often the head is re-read over the socket: bounds how long a revert the node does not announce goes unseen. */
  checkIntervalMs: number;
  /** A head not confirmed (by a notification or a check) for this long is not reported. */
  maxAgeMs: number;
  /** Longest wait for the node's answer on the head socket; a check that times out drops the socket. */
  timeoutMs: number;
  /** Called on every notification and every successful check with the head and the one it follows. */
  onHead?(head: Head, previous: Head | undefined): void;
  log?: (line: string) => void;
}

const BACKOFF_MIN_MS = 100;
const BACKOFF_MAX_MS = 5_000;

/**
 * Follows the node's head over ONE WebSocket subscription to `newHeads`, reconnecting with
 * backoff. Why the periodic check as well: Anvil announces new blocks but not `evm_revert`,
 * `anvil_rollback` or `anvil_reset`, and a half-open socket announces nothing; re-reading the
 * head over the same socket catches both. `current()` reports a head only while the socket is
 * subscribed and the head was confirmed recently, so a silent socket can never pin a stale head.
 */
export class HeadTracker {
  private socket: UpstreamSocket | undefined;
  private head: Head | undefined;
  private confirmedAt = Number.NEGATIVE_INFINITY;
  private subscribed = false;
  /** Bumped on every notification, so a check answer computed before it is not adopted after it. */
  private generation = 0;
  private checking = false;
  private backoffMs = BACKOFF_MIN_MS;
  private readonly checkTimer: NodeJS.Timeout;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly options: HeadTrackerOptions) {
    this.checkTimer = setInterval(() => void this.check(), options.checkIntervalMs);
    this.checkTimer.unref();
    this.connect();
  }

  /** The head, or undefined while the socket is down or the head is unconfirmed for too long. */
  current(): Head | undefined {
    if (!this.subscribed || performance.now() - this.confirmedAt > this.options.maxAgeMs) return undefined;
    return this.head;
  }

  /** Stops following: closes the socket and cancels timers. */
  close(): void {
    this.closed = true;
    clearInterval(this.checkTimer);
    clearTimeout(this.reconnectTimer);
    this.socket?.close();
  }

  private connect(): void {
    const socket = new UpstreamSocket(
      this.options.wsUrl,
      {
        onNotification: (text) => this.onNotification(socket, text),
        onClose: () => this.onSocketClosed(socket),
      },
      this.options.timeoutMs,
    );
    this.socket = socket;
    void this.subscribe(socket);
  }

  private async subscribe(socket: UpstreamSocket): Promise<void> {
    const answer = await socket.request('eth_subscribe', ['newHeads']);
    if (socket !== this.socket) return;
    if ('error' in answer) {
      this.options.log?.(`gateway: head subscription failed: ${answer.error.message}`);
      socket.close(); // reconnects with backoff
      return;
    }
    this.subscribed = true;
    this.backoffMs = BACKOFF_MIN_MS;
    // Blocks mined while there was no subscription were not announced: read the head now.
    await this.check();
  }

  private async check(): Promise<void> {
    const socket = this.socket;
    if (!this.subscribed || socket === undefined || this.checking) return;
    this.checking = true;
    const generation = this.generation;
    try {
      const answer = await socket.request('eth_getBlockByNumber', ['latest', false]);
      if (socket !== this.socket) return;
      const head = 'result' in answer ? headOf(answer.result) : undefined;
      if (head === undefined) {
        this.options.log?.('gateway: head check failed; reconnecting the head socket');
        socket.close();
        return;
      }
      // A notification that arrived meanwhile is newer than this answer and already confirmed the head.
      if (generation === this.generation) this.adopt(head);
    } finally {
      this.checking = false;
    }
  }

  private onNotification(socket: UpstreamSocket, text: string): void {
    if (socket !== this.socket) return;
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    const head = isPlainObject(message) && isPlainObject(message.params) ? headOf(message.params.result) : undefined;
    if (head === undefined) return;
    this.generation++;
    this.adopt(head);
  }

  private adopt(head: Head): void {
    const previous = this.head;
    this.head = head;
    this.confirmedAt = performance.now();
    this.options.onHead?.(head, previous);
  }

  private onSocketClosed(socket: UpstreamSocket): void {
    if (socket !== this.socket) return;
    this.socket = undefined;
    this.subscribed = false;
    // The last head is kept (to tell a later head that went backwards) but no longer counts as confirmed.
    this.confirmedAt = Number.NEGATIVE_INFINITY;
    if (this.closed) return;
    const delay = this.backoffMs;
    this.backoffMs = Math.min(this.backoffMs * 2, BACKOFF_MAX_MS);
    this.options.log?.(`gateway: head socket closed; reconnecting in ${delay} ms`);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      if (!this.closed) this.connect();
    }, delay);
    this.reconnectTimer.unref();
  }
}

const QUANTITY = /^0x(0|[1-9a-f][0-9a-f]*)$/;
const HASH = /^0x[0-9a-f]{64}$/;

/** Number and hash of a block or header object, or undefined when it is not one. */
export function headOf(value: unknown): Head | undefined {
  if (!isPlainObject(value) || typeof value.number !== 'string' || typeof value.hash !== 'string') return undefined;
  if (!QUANTITY.test(value.number) || !HASH.test(value.hash)) return undefined;
  const number = Number.parseInt(value.number.slice(2), 16);
  return Number.isSafeInteger(number) ? { number, hash: value.hash } : undefined;
}
