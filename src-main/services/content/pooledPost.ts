// SECURITY: the request's headers carry the network's credentials. Nothing here puts a header, the address or
// the answer's bytes into an error message.
import net from 'node:net';
import { validateHeaderName, validateHeaderValue } from 'node:http';
import { HTTPParser } from 'http-parser-js';

/** Read buffers per answer: the one the socket reads into next, and up to three lent to the reader. */
const POOL_BUFFERS = 4;
/** Each read takes up to this much of what the socket holds. */
const BUFFER_BYTES = 1024 * 1024;

/** Why a pooled exchange failed (its `code`); a connection error keeps Node's own code (`ECONNREFUSED`). */
export type PooledFailure = 'HEADERS_TIMEOUT' | 'BODY_TIMEOUT' | 'PREMATURE_CLOSE' | 'BAD_ANSWER' | 'ABORTED';

/** A failure of the exchange itself (not an HTTP status: those are answers). */
export class PooledPostError extends Error {
  constructor(
    readonly code: PooledFailure,
    message: string,
  ) {
    super(message);
    this.name = 'PooledPostError';
  }
}

/** An answer whose head came. */
export interface PooledAnswer {
  statusCode: number;
  /** Lower-case names; a repeated header's values joined with ", ". */
  headers: Record<string, string>;
  /**
   * The body's chunks, LENT: each is valid only until the next is asked for, when its memory is read into
   * again. A reader that keeps a chunk longer copies it. Ends once the whole answer came; throws a
   * PooledPostError when the connection closes before the end, nothing comes for `bodyTimeoutMs` while the
   * reader waits, or the answer is not HTTP. Leaving the loop early closes the connection.
   */
  body: AsyncIterable<Uint8Array>;
  /** The answer's trailers (lower-case names), once the body ended. */
  trailers(): Record<string, string>;
  /** Closes the connection (an answer not read). */
  destroy(): void;
}

export interface PooledPostOptions {
  headers: Record<string, string>;
  signal?: AbortSignal | undefined;
  /** From the connection's start to the answer's head. */
  headersTimeoutMs: number;
  /** The longest wait for the body's next bytes while the reader waits for them. */
  bodyTimeoutMs: number;
}

/**
 * An empty POST to a plain `http:` address over a connection of its own, its answer read into a few recycled
 * 1 MiB buffers (Node's sockets otherwise allocate a fresh 64 KiB buffer for every read; collecting them was
 * most of the CPU of saving a large file) and parsed by http-parser-js. Each read's body bytes are one chunk,
 * a view of its buffer (one write for the reader). The socket stops reading while every buffer but one is lent:
 * a slow reader holds the store back through TCP, and memory stays at 4 MiB whatever the answer's size.
 */
export function pooledPost(url: URL, options: PooledPostOptions): Promise<PooledAnswer> {
  if (url.protocol !== 'http:') throw new TypeError(`pooledPost speaks plain HTTP only, not ${url.protocol}`);
  const lines = [`POST ${url.pathname}${url.search} HTTP/1.1`, `host: ${url.host}`, 'content-length: 0', 'connection: close'];
  for (const [name, value] of Object.entries(options.headers)) {
    validateHeaderName(name);
    validateHeaderValue(name, value);
    lines.push(`${name}: ${value}`);
  }
  return new Exchange(url, `${lines.join('\r\n')}\r\n\r\n`, options).head;
}

class Exchange {
  readonly head: Promise<PooledAnswer>;
  private headSettle!: { resolve: (answer: PooledAnswer) => void; reject: (error: Error) => void };
  private readonly socket: net.Socket;
  private readonly parser = new HTTPParser(HTTPParser.RESPONSE);
  private readonly free: Buffer[] = [];
  private readonly queue: { chunk: Buffer; from: Buffer }[] = [];
  /** The body's parts in the read being parsed. */
  private parts: Buffer[] = [];
  private trailerValues: Record<string, string> = {};
  private complete = false;
  private failure: Error | undefined;
  private wake: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly onAbort = () => this.fail(new PooledPostError('ABORTED', 'The request was cancelled.'));

  constructor(
    url: URL,
    request: string,
    private readonly options: PooledPostOptions,
  ) {
    this.head = new Promise((resolve, reject) => (this.headSettle = { resolve, reject }));
    this.head.catch(() => undefined);
    for (let count = 0; count < POOL_BUFFERS; count += 1) this.free.push(Buffer.allocUnsafeSlow(BUFFER_BYTES));
    // The answer's head as one object or, once anything in the process has asked for `kOnExecute`, as arguments.
    this.parser[HTTPParser.kOnHeadersComplete] = ((first: HeadInfo | number, ...rest: unknown[]) =>
      this.onHead(typeof first === 'object' ? first : { headers: rest[1] as string[], statusCode: rest[4] as number })) as never;
    this.parser[HTTPParser.kOnBody] = (chunk: Buffer, _start: number, length: number) => {
      if (length > 0) this.parts.push(chunk);
    };
    this.parser[HTTPParser.kOnHeaders] = (trailers: string[]) => (this.trailerValues = headerRecord(trailers));
    this.parser[HTTPParser.kOnMessageComplete] = () => {
      this.complete = true;
      this.socket.destroy();
    };
    this.socket = net.connect({
      host: url.hostname.replace(/^\[|\]$/g, ''),
      port: Number(url.port || 80),
      onread: { buffer: () => this.nextBuffer(), callback: (bytes: number, buffer: Uint8Array) => this.onRead(bytes, buffer as Buffer) },
    });
    this.socket.setNoDelay(true);
    this.socket.once('connect', () => this.socket.write(request));
    this.socket.on('error', (error) => this.fail(error));
    // An answer with neither a length nor chunks ends with the connection; any other one closed early is cut.
    this.socket.once('end', () => void this.parser.finish());
    this.socket.once('close', () => {
      if (!this.complete) this.fail(new PooledPostError('PREMATURE_CLOSE', 'The connection closed before the answer ended.'));
      this.wakeReader();
    });
    this.arm(options.headersTimeoutMs, () => new PooledPostError('HEADERS_TIMEOUT', `No answer came within ${options.headersTimeoutMs / 1000} s.`));
    if (options.signal?.aborted) this.onAbort();
    else options.signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  /** The buffer the socket reads into next: never one that is lent. */
  private nextBuffer(): Buffer {
    // The socket stops reading before the last free buffer is armed (onRead), so there always is one; a fresh
    // buffer keeps that rule safe even if it did not.
    return this.free.pop() ?? Buffer.allocUnsafeSlow(BUFFER_BYTES);
  }

  /** Parses what the socket read; always true (keep the handle reading): a pause goes through `socket.pause()`. */
  private onRead(bytes: number, buffer: Buffer): true {
    if (this.complete || this.failure) return true;
    const parsed = this.parser.execute(buffer, 0, bytes);
    // http-parser-js counts the rest of a read that ended the answer as the head of a next one, and a read over
    // 80 KiB then exceeds its head limit: once the answer is complete, that verdict is about nothing.
    if (parsed instanceof Error && !this.complete) {
      this.fail(new PooledPostError('BAD_ANSWER', 'The answer is not well-formed HTTP.'));
      return true;
    }
    if (this.parts.length > 0) {
      this.queue.push({ chunk: joinInPlace(buffer, this.parts), from: buffer });
      this.parts = [];
    } else this.free.push(buffer);
    this.wakeReader();
    // The next buffer is armed right after this returns: stop reading when it will be the last free one.
    if (this.free.length <= 1 && !this.complete) this.socket.pause();
    return true;
  }

  private onHead(info: HeadInfo): void {
    this.disarm();
    if (!(info.statusCode >= 200)) return this.fail(new PooledPostError('BAD_ANSWER', `The answer's status (${info.statusCode}) is not a final one.`));
    this.headSettle.resolve({
      statusCode: info.statusCode,
      headers: headerRecord(info.headers),
      body: this.chunks(),
      trailers: () => this.trailerValues,
      destroy: () => this.close(),
    });
  }

  private async *chunks(): AsyncGenerator<Uint8Array> {
    let handed: Buffer | undefined;
    try {
      for (;;) {
        if (handed) this.giveBack(handed);
        handed = undefined;
        if (this.failure instanceof PooledPostError && this.failure.code === 'ABORTED') throw this.failure;
        const next = this.queue.shift();
        if (next) {
          handed = next.from;
          yield next.chunk;
          continue;
        }
        if (this.complete) return;
        if (this.failure) throw this.failure;
        await this.dataOrTimeout();
      }
    } finally {
      this.close();
    }
  }

  private dataOrTimeout(): Promise<void> {
    return new Promise((resolve) => {
      this.wake = resolve;
      this.arm(this.options.bodyTimeoutMs, () => new PooledPostError('BODY_TIMEOUT', `Nothing came for ${this.options.bodyTimeoutMs / 1000} s.`));
    });
  }

  private giveBack(buffer: Buffer): void {
    this.free.push(buffer);
    if (this.socket.isPaused() && !this.socket.destroyed) this.socket.resume();
  }

  private wakeReader(): void {
    this.disarm();
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  private arm(ms: number, error: () => PooledPostError): void {
    this.disarm();
    this.timer = setTimeout(() => this.fail(error()), ms);
  }

  private disarm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private fail(error: Error): void {
    if (this.complete || this.failure) return;
    this.failure = error;
    this.headSettle.reject(error);
    this.close();
    this.wakeReader();
  }

  private close(): void {
    this.disarm();
    this.options.signal?.removeEventListener('abort', this.onAbort);
    if (!this.socket.destroyed) this.socket.destroy();
  }
}

/**
 * One read's body parts as one chunk: a chunked answer's parts lie between its chunk heads (`40000\r\n`), and
 * each later part is moved down over them (memmove within a buffer the CPU just filled), so the reader writes
 * once per read, not once per part.
 */
function joinInPlace(buffer: Buffer, parts: Buffer[]): Buffer {
  const start = parts[0]!.byteOffset - buffer.byteOffset;
  let end = start + parts[0]!.length;
  for (let index = 1; index < parts.length; index += 1) {
    const part = parts[index]!;
    const from = part.byteOffset - buffer.byteOffset;
    if (from !== end) buffer.copyWithin(end, from, from + part.length);
    end += part.length;
  }
  return buffer.subarray(start, end);
}

interface HeadInfo {
  headers: string[];
  statusCode: number;
}

/** Name/value pairs as a record: lower-case names, repeated values joined with ", ". */
function headerRecord(pairs: string[]): Record<string, string> {
  const record: Record<string, string> = {};
  for (let index = 0; index + 1 < pairs.length; index += 2) {
    const name = pairs[index]!.toLowerCase();
    record[name] = record[name] === undefined ? pairs[index + 1]! : `${record[name]}, ${pairs[index + 1]!}`;
  }
  return record;
}
