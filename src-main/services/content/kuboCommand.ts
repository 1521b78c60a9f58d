// SECURITY: requests carry the network's basic credentials in `authorization`. Nothing here puts the address,
// the header or the store's raw answer into an error beyond Kubo's own `Message` (quoted in `nodeSaid`); the
// app's redactor runs over everything that leaves main anyway.
import { on } from 'node:events';
import { request, type Dispatcher } from 'undici';
import { ContentError, kuboErrorOf, plainKuboError } from './contentErrors';
import { pooledPost } from './pooledPost';

/** Where a network's content store answers (MAIN-PROCESS ONLY: `authorization` holds the key). */
export interface StoreTarget {
  storageUrl: string;
  authorization?: string | undefined;
}

/** Options of one command. */
export interface CommandOptions {
  signal?: AbortSignal | undefined;
  /** A request body (multipart, streamed); without it the POST is empty. */
  body?: Dispatcher.DispatchOptions['body'];
  contentType?: string;
  /** Seconds to wait for the answer's headers, and between two chunks of it (default 30). */
  timeoutSeconds?: number;
  /** What the call does, for messages: "list this folder". */
  doing: string;
  /**
   * The caller takes the body's chunks as LENT: each valid only until the next is asked for (a save writes
   * each before asking). A plain-HTTP store's answer to an empty POST is then read into recycled buffers
   * (pooledPost), sparing a large save most of its CPU; other answers come through undici and are the caller's.
   */
  lend?: boolean;
}

/** An answer that began: its headers and its body, which throws ContentError on a late failure. */
export interface CommandAnswer {
  headers: Record<string, string | string[] | undefined>;
  /** The body's bytes; a failure after output began (`X-Stream-Error`, a cut connection) throws TRANSFER_FAILED. */
  body: AsyncIterable<Uint8Array>;
}

/** An HTTP answer as this file reads it, from undici or from pooledPost. */
interface WireAnswer {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  /** Ends only once the whole answer came; a transport failure throws (with a `code`). */
  chunks: AsyncIterable<Uint8Array>;
  trailers(): Record<string, string | undefined>;
  destroy(): void;
}

const ERROR_BODY_MAX = 64 * 1024;

/** POSTs `<storage_url>/api/v0/<command>?<params>` and returns the answer once it began well; errors in plain words. */
export async function kuboCommand(target: StoreTarget, command: string, params: [string, string][], options: CommandOptions): Promise<CommandAnswer> {
  const url = `${target.storageUrl.replace(/\/+$/, '')}/api/v0/${command}?${new URLSearchParams(params).toString()}`;
  const timeout = (options.timeoutSeconds ?? 30) * 1000;
  let answer: WireAnswer;
  try {
    answer = options.lend && options.body === undefined && url.startsWith('http:') ? await pooledAnswer(url, target, options, timeout) : await undiciAnswer(url, target, options, timeout);
  } catch (error) {
    throw connectionError(error, options, timeout);
  }
  if (answer.statusCode !== 200) throw await refusal(answer, command, options.doing);
  return { headers: answer.headers, body: checkedBody(answer, options, timeout) };
}

async function undiciAnswer(url: string, target: StoreTarget, options: CommandOptions, timeout: number): Promise<WireAnswer> {
  const answer = await request(url, {
    method: 'POST',
    headers: {
      ...(target.authorization ? { authorization: target.authorization } : {}),
      ...(options.contentType ? { 'content-type': options.contentType } : {}),
    },
    body: options.body ?? null,
    headersTimeout: timeout,
    bodyTimeout: timeout,
    // Chunks of up to 1 MiB (undici's default is 64 KiB): fewer steps for a large cat.
    highWaterMark: 1024 * 1024,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const body = answer.body;
  return {
    statusCode: answer.statusCode,
    headers: answer.headers,
    chunks: (async function* () {
      // Each chunk as the socket gave it, as `pipe` takes them: `for await` over the body itself joins what is
      // buffered into a new Buffer at each step, a second copy of every byte and the garbage collection it
      // brings. The body pauses while 32 chunks wait.
      for await (const [chunk] of on(body, 'data', { close: ['end', 'close'], highWaterMark: 32, lowWaterMark: 16 }) as AsyncIterable<[Buffer]>) yield chunk;
      // A body closed before its end with no error of its own (destroyed): what came is incomplete.
      if (!body.readableEnded) throw Object.assign(new Error('the answer closed before its end'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
    })(),
    trailers: () => answer.trailers as Record<string, string | undefined>,
    destroy: () => {
      if (!body.destroyed) body.destroy();
    },
  };
}

async function pooledAnswer(url: string, target: StoreTarget, options: CommandOptions, timeout: number): Promise<WireAnswer> {
  const answer = await pooledPost(new URL(url), {
    headers: target.authorization ? { authorization: target.authorization } : {},
    signal: options.signal,
    headersTimeoutMs: timeout,
    bodyTimeoutMs: timeout,
  });
  return { statusCode: answer.statusCode, headers: answer.headers, chunks: answer.body, trailers: answer.trailers, destroy: answer.destroy };
}

/** A transport failure as a ContentError: cancelled, timed out or unreachable. */
function connectionError(error: unknown, options: CommandOptions, timeout: number): ContentError {
  if (options.signal?.aborted) return new ContentError('CANCELLED', `Cancelled: ${options.doing}.`, { cause: error });
  const code = (error as { code?: string }).code;
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'HEADERS_TIMEOUT') {
    return new ContentError('TIMEOUT', `The content store did not answer within ${timeout / 1000} s (${options.doing}).`, { details: 'The content may be slow to find; try again, or check the network.' });
  }
  if (code === 'BAD_ANSWER') return new ContentError('BAD_ANSWER', `The content store's answer is not well-formed HTTP (${options.doing}).`, { details: 'Check that the storage address points at a content store.', cause: error });
  return new ContentError('UNREACHABLE', `The content store could not be reached (${options.doing}).`, { details: 'The connection failed: check that the store runs and its address.', ...(code ? { nodeSaid: code } : {}), cause: error });
}

/** An answer other than 200, in plain words (Kubo: JSON errors for commands, plain text for 400/404/405). */
async function refusal(answer: WireAnswer, command: string, doing: string): Promise<ContentError> {
  const text = await readCapped(answer).catch(() => '');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const kubo = kuboErrorOf(parsed);
  if (kubo) return plainKuboError(kubo.message, kubo.code, doing);
  const said = text.trim().slice(0, 300);
  switch (answer.statusCode) {
    case 401:
    case 403:
      return new ContentError('UNAUTHORIZED', "The content store refused the network's key and secret.", { details: 'Check the API key and secret in Settings → Networks.' });
    case 404:
      return new ContentError('UNSUPPORTED', `This content store does not offer "${command}".`, { ...(said ? { nodeSaid: said } : {}) });
    case 429:
      return new ContentError('RATE_LIMITED', 'The content store is rate-limiting this key; wait a moment and try again.', { ...(said ? { nodeSaid: said } : {}) });
    case 400:
      return new ContentError('BAD_REQUEST', `The content store refused the request (${doing}).`, { ...(said ? { nodeSaid: said } : {}) });
    default:
      return new ContentError('STORE_ERROR', `The content store failed while trying to ${doing}.`, { ...(said ? { nodeSaid: said } : {}) });
  }
}

/** The first {@link ERROR_BODY_MAX} bytes of a refusal's body, as text (copied: a lent chunk is read into again). */
async function readCapped(answer: WireAnswer): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of answer.chunks) {
      size += chunk.length;
      if (size > ERROR_BODY_MAX) break;
      chunks.push(Buffer.from(chunk));
    }
  } finally {
    answer.destroy();
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The body's chunks; after the last one, Kubo's `X-Stream-Error` trailer (an error after output began) or a
 * connection cut before the end make the transfer fail, so a truncated answer is never taken as complete.
 */
async function* checkedBody(answer: WireAnswer, options: CommandOptions, timeout: number): AsyncGenerator<Uint8Array> {
  let bytes = 0;
  try {
    for await (const chunk of answer.chunks) {
      bytes += chunk.length;
      yield chunk;
    }
  } catch (error) {
    if (options.signal?.aborted) throw new ContentError('CANCELLED', `Cancelled: ${options.doing}.`, { cause: error });
    const code = (error as { code?: string }).code;
    if (code === 'UND_ERR_BODY_TIMEOUT' || code === 'BODY_TIMEOUT') throw new ContentError('TRANSFER_FAILED', `The transfer stalled after ${bytes.toLocaleString('en-US')} bytes: nothing came for ${timeout / 1000} s.`, { cause: error });
    const trailer = streamError(answer);
    throw new ContentError('TRANSFER_FAILED', `The transfer failed after ${bytes.toLocaleString('en-US')} bytes (${options.doing}).`, {
      details: 'The connection was cut before the answer ended; what came is incomplete.',
      ...(trailer ? { nodeSaid: trailer } : {}),
      // A cut connection (the store went away) may be taken up again where it broke; an error the store sent may not.
      ...(trailer ? {} : { data: { cut: true } }),
      cause: error,
    });
  } finally {
    answer.destroy();
  }
  const trailer = streamError(answer);
  if (trailer) throw new ContentError('TRANSFER_FAILED', `The transfer failed after ${bytes.toLocaleString('en-US')} bytes (${options.doing}).`, { nodeSaid: trailer });
}

function streamError(answer: WireAnswer): string | undefined {
  const value = answer.trailers()['x-stream-error'];
  return value ? value.slice(0, 500) : undefined;
}

/** Kubo's NDJSON answers, one object a line; an error object among them throws, as a late failure. */
export async function* ndjsonObjects(body: AsyncIterable<Uint8Array>, doing: string): AsyncGenerator<unknown> {
  const decoder = new TextDecoder();
  let pending = '';
  const parse = (line: string): unknown => {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new ContentError('BAD_ANSWER', `The content store answered with a line that is not JSON (${doing}).`, { nodeSaid: line.slice(0, 80) });
    }
    const kubo = kuboErrorOf(value);
    if (kubo) {
      const plain = plainKuboError(kubo.message, kubo.code, doing);
      throw new ContentError('TRANSFER_FAILED', plain.shortMessage, { ...(plain.details ? { details: plain.details } : {}), ...(plain.nodeSaid ? { nodeSaid: plain.nodeSaid } : {}) });
    }
    return value;
  };
  for await (const chunk of body) {
    pending += decoder.decode(chunk, { stream: true });
    let newline = pending.indexOf('\n');
    while (newline >= 0) {
      const line = pending.slice(0, newline).trim();
      pending = pending.slice(newline + 1);
      if (line) yield parse(line);
      newline = pending.indexOf('\n');
    }
  }
  pending += decoder.decode();
  if (pending.trim()) yield parse(pending.trim());
}

/** The whole of a small JSON answer (at most `maxBytes`). */
export async function jsonAnswer(answer: CommandAnswer, doing: string, maxBytes = 32 * 1024 * 1024): Promise<unknown> {
  const objects: unknown[] = [];
  let size = 0;
  const counted = (async function* () {
    for await (const chunk of answer.body) {
      size += chunk.length;
      if (size > maxBytes) throw new ContentError('BAD_ANSWER', `The content store's answer is larger than ${maxBytes / 1024 / 1024} MiB (${doing}).`);
      yield chunk;
    }
  })();
  for await (const value of ndjsonObjects(counted, doing)) objects.push(value);
  if (objects.length !== 1) throw new ContentError('BAD_ANSWER', `The content store answered with ${objects.length} objects where one was expected (${doing}).`);
  return objects[0];
}
