// Kubo's HTTP response rules (go-ipfs-cmds), in one place: how a command's answer, its errors before
// output and its errors after output look on the wire. SERVICE-FACTS "Content store" is the reference.
import type http from 'node:http';
import { CommandError, ErrorCode, errorMessage } from './errors';

const STREAM_ERROR_HEADER = 'X-Stream-Error';
const EXPOSED_HEADERS = 'X-Stream-Output, X-Chunked-Output, X-Content-Length';
/**
 * Bytes a byte stream may hold in the response's buffer before `writeBytes` waits for the socket. 2 MiB
 * rather than 1: `cat` of 256 MiB with curl went from 1.30-1.34 to 1.46-1.52 GB/s (bench/content.ts's store
 * bench, interleaved runs); waiting for 'drain' stalls reading until the queue is empty, and fewer stalls count.
 */
const BYTES_IN_FLIGHT = 2 * 1024 * 1024;

/** Resolves when `stream` drains; rejects with ClientGoneError when it closes first (the reader went away). */
export function drainedOrGone(stream: { once(event: 'drain' | 'close', listener: () => void): unknown; off(event: 'drain' | 'close', listener: () => void): unknown }): Promise<void> {
  return new Promise((resolve, reject) => {
    const drained = () => {
      cleanup();
      resolve();
    };
    const closed = () => {
      cleanup();
      reject(new ClientGoneError());
    };
    const cleanup = () => {
      stream.off('drain', drained);
      stream.off('close', closed);
    };
    stream.once('drain', drained);
    stream.once('close', closed);
  });
}

/** The methods Kubo's RPC accepts, as its 405 answers list them. */
export const ALLOWED_METHODS = 'OPTIONS, POST';

/** The client went away while we were streaming: stop producing, nothing left to answer. */
export class ClientGoneError extends Error {
  override name = 'ClientGoneError';
  constructor() {
    super('client closed the connection');
  }
}

/**
 * Headers shared by every answer. The `Trailer` declaration forces chunked encoding, which is what lets a
 * late error be reported; Node refuses it on body-less answers (HEAD), so those go without.
 */
function commonHeaders(res: http.ServerResponse, contentType: string): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': contentType,
    'access-control-allow-headers': EXPOSED_HEADERS,
    'access-control-expose-headers': EXPOSED_HEADERS,
  };
  if (res.req.method !== 'HEAD') headers.trailer = STREAM_ERROR_HEADER;
  return headers;
}

/** Go's `http.Error`: plain text plus newline. Kubo uses it for 400 (parse errors), 404 and 405. */
export function replyText(res: http.ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...commonHeaders(res, 'text/plain; charset=utf-8'), 'x-content-type-options': 'nosniff', ...headers });
  res.end(`${text}\n`);
}

/** The HTTP status Kubo gives an error of this code. */
export function statusForCode(code: number): number {
  switch (code) {
    case ErrorCode.client:
      return 400;
    case ErrorCode.forbidden:
      return 403;
    case ErrorCode.rateLimited:
      return 429;
    default:
      return 500;
  }
}

/** Kubo's JSON error body, one line. */
export function errorBody(message: string, code: number): string {
  return `${JSON.stringify({ Message: message, Code: code, Type: 'error' })}\n`;
}

type ReplyMode = 'none' | 'single' | 'ndjson' | 'bytes';

/** How long a broken stream waits for queued bytes to reach the socket before dropping the connection. */
const FLUSH_WAIT_MS = 2_000;

/**
 * One command's answer. Tracks whether output began, because that decides how an error is reported:
 * before output as a JSON error with 400/500, after it as a stream error that breaks the connection.
 */
export class CommandReply {
  private mode: ReplyMode = 'none';
  /** Headers of a byte stream, held back until its first byte so an early failure can still be a 500. */
  private heldHeaders: Record<string, string> | undefined;
  private sent = false;
  private broken = false;
  /** Settles when the last written bytes were handed to the socket. */
  private flushed: Promise<void> = Promise.resolve();

  constructor(readonly res: http.ServerResponse) {}

  /** Whether any of the answer went out (its status can no longer change). */
  get started(): boolean {
    return this.sent;
  }

  /** A single JSON value (go-ipfs-cmds `Single`): no stream header. */
  json(value: unknown): void {
    this.mode = 'single';
    this.sent = true;
    this.res.writeHead(200, commonHeaders(this.res, 'application/json'));
    this.res.end(`${JSON.stringify(value)}\n`);
  }

  /**
   * One value of a stream of JSON values, newline-delimited (`X-Chunked-Output: 1`). Returns false when the
   * socket buffer is full; callers emitting few small lines may ignore it.
   */
  ndjson(value: unknown): boolean {
    if (this.mode === 'none') {
      this.mode = 'ndjson';
      this.res.writeHead(200, { ...commonHeaders(this.res, 'application/json'), 'x-chunked-output': '1' });
    }
    return this.write(`${JSON.stringify(value)}\n`);
  }

  /** Starts a byte stream (`X-Stream-Output: 1`, plus `X-Content-Length` when the length is known and not 0). */
  startBytes(length?: number): void {
    this.mode = 'bytes';
    const headers: Record<string, string> = { ...commonHeaders(this.res, 'text/plain'), 'x-stream-output': '1' };
    if (length !== undefined && length > 0) headers['x-content-length'] = String(length);
    this.heldHeaders = headers;
  }

  /**
   * Writes stream bytes, resolving only once the socket can take more: this is the back-pressure of `cat`.
   * `written` is called once the socket is done with `chunk` (handed to the kernel, or failed), so that its
   * memory may be reused.
   */
  async writeBytes(chunk: Uint8Array, written?: () => void): Promise<void> {
    const res = this.res;
    if (res.destroyed || res.writableEnded) throw new ClientGoneError();
    this.releaseHeaders();
    // Up to BYTES_IN_FLIGHT may wait in the response's buffer: waiting for 'drain' after every 256 KiB block
    // costs an event-loop turn per block, while the socket could already take more.
    if (this.write(chunk, written) || res.writableLength < BYTES_IN_FLIGHT) return;
    await drainedOrGone(res);
  }

  /** Ends the answer normally. */
  end(): void {
    if (this.broken || this.res.writableEnded) return;
    if (this.mode === 'none') {
      this.mode = 'ndjson';
      this.res.writeHead(200, { ...commonHeaders(this.res, 'application/json'), 'x-chunked-output': '1' });
    }
    this.releaseHeaders();
    this.sent = true;
    this.res.end();
  }

  /** Reports a failure the way Kubo does at this point of the answer. */
  fail(error: unknown): void {
    if (this.broken || this.res.writableEnded || this.res.destroyed) return;
    const commandError = error instanceof CommandError ? error : new CommandError(errorMessage(error));
    if (!this.sent) {
      this.sent = true;
      this.res.writeHead(statusForCode(commandError.code), commonHeaders(this.res, 'application/json'));
      this.res.end(errorBody(commandError.message, commandError.code));
      return;
    }
    // go-ipfs-cmds puts the error in the last streamed value of JSON streams, and in the trailer.
    if (this.mode === 'ndjson') this.write(errorBody(commandError.message, commandError.code));
    void this.breakConnection(commandError.message);
  }

  private releaseHeaders(): void {
    if (this.heldHeaders === undefined) return;
    this.res.writeHead(200, this.heldHeaders);
    this.heldHeaders = undefined;
  }

  private write(chunk: Uint8Array | string, written?: () => void): boolean {
    this.sent = true;
    let done: () => void = () => undefined;
    this.flushed = new Promise<void>((resolve) => (done = resolve));
    return this.res.write(chunk, () => {
      written?.();
      done();
    });
  }

  /**
   * Sends the `X-Stream-Error` trailer but leaves the chunked message unterminated (no final blank line)
   * and closes the connection. Kubo only sets the trailer; the official JS client ignores trailers, so a
   * well-terminated body would read as complete but silently truncated content. Unterminated, every
   * HTTP client reports the body as failed, and a raw reader still sees the error text.
   */
  private async breakConnection(message: string): Promise<void> {
    this.broken = true;
    const socket = this.res.socket;
    if (!socket || socket.destroyed) return;
    // The trailer goes straight to the socket, so everything the answer wrote must be on it first; a
    // reader that stopped reading never lets that happen, and then the connection is simply dropped.
    const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), FLUSH_WAIT_MS).unref());
    if ((await Promise.race([this.flushed, timeout])) === 'timeout' || socket.destroyed) {
      socket.destroy();
      return;
    }
    const safe = message.replace(/[^\x20-\x7e]/g, ' ');
    socket.write(`0\r\n${STREAM_ERROR_HEADER}: ${safe}\r\n`);
    socket.end();
    setTimeout(() => socket.destroy(), 5_000).unref();
  }
}
