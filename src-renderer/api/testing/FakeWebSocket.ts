/** A stand-in for the browser's WebSocket: records what the transport does and lets a test play the server. */
export class FakeWebSocket {
  static instances: FakeWebSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  closedWith: number | undefined;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onerror: (() => void) | null = null;

  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    FakeWebSocket.instances.push(this);
  }

  send(data: string): void {
    this.sent.push(data);
  }

  close(code?: number): void {
    this.closedWith = code;
    this.readyState = 3;
  }

  /** The server accepted the connection. */
  accept(): void {
    this.readyState = 1;
    this.onopen?.();
  }

  /** The server sent a message. */
  receive(data: unknown): void {
    this.onmessage?.({ data });
  }

  /** The connection dropped (or was refused): 1006, as a browser reports a close without a close frame. */
  drop(): void {
    this.readyState = 3;
    this.onerror?.();
    this.onclose?.({ code: 1006, reason: '' });
  }

  /** The server closed the connection with a code and a reason. */
  closeFromServer(code: number, reason: string): void {
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }

  /** The latest socket made. */
  static last(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error('no socket was made');
    return socket;
  }
}
