import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pooledPost, PooledPostError } from './pooledPost';

// pooledPost against a real HTTP server (node:http, which frames answers as a store does) and raw sockets
// for answers no well-behaved server sends.

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;
let server: http.Server;
let origin = '';
let handler: Handler = (_req, res) => res.end();
beforeAll(async () => {
  server = http.createServer((req, res) => handler(req, res));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const post = (path = '/api/v0/cat?arg=x', options: Partial<Parameters<typeof pooledPost>[1]> = {}) => pooledPost(new URL(`${origin}${path}`), { headers: {}, headersTimeoutMs: 10_000, bodyTimeoutMs: 10_000, ...options });

/** Reads a lent body as a careful reader does: each chunk checked to be unchanged just before the next is asked for. */
async function readLent(body: AsyncIterable<Uint8Array>): Promise<{ bytes: number; sha: string; chunks: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  let chunks = 0;
  for await (const chunk of body) {
    const copy = Buffer.from(chunk);
    // Another turn of the event loop (a write elsewhere): the socket may read meanwhile, but never into this chunk.
    await new Promise((resolve) => setImmediate(resolve));
    expect(Buffer.compare(copy, chunk)).toBe(0);
    hash.update(chunk);
    bytes += chunk.byteLength;
    chunks += 1;
  }
  return { bytes, sha: hash.digest('hex'), chunks };
}

/** Writes `parts` as the answer's body with backpressure. */
async function writeParts(res: http.ServerResponse, parts: Buffer[]): Promise<void> {
  for (const part of parts) if (!res.write(part)) await once(res, 'drain');
}

const sha = (parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest('hex');

describe('a whole answer', () => {
  it('gives every byte of a chunked, sized or connection-delimited body, each lent chunk intact until the next is asked for', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: 3 * 1024 * 1024 }), { minLength: 0, maxLength: 6 }), fc.constantFrom('chunked', 'sized', 'close'), async (sizes, framing) => {
        const parts = sizes.map((size) => randomBytes(size));
        const total = parts.reduce((sum, part) => sum + part.length, 0);
        handler = (_req, res) => {
          if (framing === 'sized') res.setHeader('content-length', String(total));
          if (framing === 'close') {
            // No length and no chunks: the body ends with the connection (HTTP/1.0 style).
            res.useChunkedEncodingByDefault = false;
            res.shouldKeepAlive = false;
          }
          res.writeHead(200, { 'x-content-length': String(total) });
          void writeParts(res, parts).then(() => res.end());
        };
        const answer = await post();
        expect(answer.statusCode).toBe(200);
        expect(answer.headers['x-content-length']).toBe(String(total));
        const read = await readLent(answer.body);
        expect(read.bytes).toBe(total);
        expect(read.sha).toBe(sha(parts));
      }),
      { numRuns: 12 },
    );
  });

  it('gives the last read of an answer whole, however large (http-parser-js counts what follows the end as a next head)', async () => {
    const body = randomBytes(1_000_000);
    handler = (_req, res) => {
      res.writeHead(200);
      res.end(body);
    };
    const read = await readLent((await post()).body);
    expect(read.bytes).toBe(body.length);
    expect(read.sha).toBe(sha([body]));
  });

  it('gives the trailers once the body ended, and sends the headers it was given', async () => {
    let seen: http.IncomingHttpHeaders = {};
    handler = (req, res) => {
      seen = req.headers;
      res.writeHead(200, { trailer: 'X-Stream-Error' });
      res.write('some bytes');
      res.addTrailers({ 'X-Stream-Error': 'the block was not found' });
      res.end();
    };
    const answer = await post('/api/v0/cat?arg=a&offset=3', { headers: { authorization: 'Basic abc' } });
    const read = await readLent(answer.body);
    expect(read.bytes).toBe('some bytes'.length);
    expect(answer.trailers()).toEqual({ 'x-stream-error': 'the block was not found' });
    expect(seen.authorization).toBe('Basic abc');
  });

  it('answers a refusal with its status and body', async () => {
    handler = (_req, res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end('{"Message":"no link named \\"x\\"","Code":0,"Type":"error"}');
    };
    const answer = await post();
    expect(answer.statusCode).toBe(500);
    const text: string[] = [];
    for await (const chunk of answer.body) text.push(Buffer.from(chunk).toString('utf8'));
    expect(JSON.parse(text.join('')).Message).toBe('no link named "x"');
  });
});

describe('holding the store back', () => {
  it('stops reading while the reader does not ask, so the store waits; and gives every byte once the reader goes on', async () => {
    const parts = Array.from({ length: 64 }, () => randomBytes(1024 * 1024));
    let heldBack: Promise<number> = Promise.resolve(0);
    let finished: Promise<void> = Promise.resolve();
    handler = (_req, res) => {
      res.writeHead(200);
      let written = 0;
      heldBack = new Promise((resolve) => {
        finished = (async () => {
          for (const part of parts) {
            written += part.length;
            if (!res.write(part)) {
              resolve(written);
              await once(res, 'drain');
            }
          }
          res.end();
        })();
      });
    };
    const answer = await post();
    const iterator = answer.body[Symbol.asyncIterator]();
    const first = await iterator.next();
    expect(first.done).toBe(false);
    // The reader holds its first chunk and asks for nothing more: the store's writes back up well before its end.
    expect(await heldBack).toBeLessThan(64 * 1024 * 1024);
    const hash = createHash('sha256').update(first.value as Uint8Array);
    let bytes = (first.value as Uint8Array).byteLength;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      hash.update(next.value);
      bytes += next.value.byteLength;
    }
    await finished;
    expect(bytes).toBe(64 * 1024 * 1024);
    expect(hash.digest('hex')).toBe(sha(parts));
  });

  it('closes the connection when the reader leaves the loop early', async () => {
    let closed: Promise<unknown> = Promise.resolve();
    handler = (req, res) => {
      // The server sees the reset of a connection closed with bytes unread: only its close matters here.
      closed = new Promise((resolve) => req.socket.once('close', resolve));
      res.writeHead(200);
      void writeParts(res, Array.from({ length: 32 }, () => randomBytes(1024 * 1024))).catch(() => undefined);
    };
    const answer = await post();
    for await (const chunk of answer.body) {
      expect(chunk.byteLength).toBeGreaterThan(0);
      break;
    }
    await closed;
  });
});

describe('an answer that fails', () => {
  /** A raw server: each connection gets `answer` (after reading the request's head). */
  async function rawServer(answer: (socket: net.Socket) => void): Promise<{ url: URL; close: () => Promise<void> }> {
    const raw = net.createServer((socket) => {
      socket.once('data', () => answer(socket));
      socket.on('error', () => undefined);
    });
    raw.listen(0, '127.0.0.1');
    await once(raw, 'listening');
    return { url: new URL(`http://127.0.0.1:${(raw.address() as AddressInfo).port}/api/v0/cat?arg=x`), close: () => new Promise((resolve) => raw.close(() => resolve())) };
  }

  const failure = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch (error) {
      return error as PooledPostError;
    }
    throw new Error('expected a failure');
  };

  it('is cut: the bytes that came, then PREMATURE_CLOSE (chunked and sized)', async () => {
    for (const head of ['HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n5\r\nhello\r\n', 'HTTP/1.1 200 OK\r\ncontent-length: 100\r\n\r\nhello']) {
      const raw = await rawServer((socket) => socket.end(head));
      const answer = await pooledPost(raw.url, { headers: {}, headersTimeoutMs: 10_000, bodyTimeoutMs: 10_000 });
      const got: string[] = [];
      const error = await failure(
        (async () => {
          for await (const chunk of answer.body) got.push(Buffer.from(chunk).toString());
        })(),
      );
      expect(got.join('')).toBe('hello');
      expect(error).toBeInstanceOf(PooledPostError);
      expect(error.code).toBe('PREMATURE_CLOSE');
      await raw.close();
    }
  });

  it('is not HTTP, or closes before any answer', async () => {
    const garbage = await rawServer((socket) => socket.end('SSH-2.0-OpenSSH_9.2\r\n\r\n'));
    expect((await failure(pooledPost(garbage.url, { headers: {}, headersTimeoutMs: 10_000, bodyTimeoutMs: 10_000 }))).code).toBe('BAD_ANSWER');
    await garbage.close();
    const silent = await rawServer((socket) => socket.end());
    expect((await failure(pooledPost(silent.url, { headers: {}, headersTimeoutMs: 10_000, bodyTimeoutMs: 10_000 }))).code).toBe('PREMATURE_CLOSE');
    await silent.close();
  });

  it('never answers (HEADERS_TIMEOUT), or stops in the middle of its body (BODY_TIMEOUT)', async () => {
    const mute = await rawServer(() => undefined);
    expect((await failure(pooledPost(mute.url, { headers: {}, headersTimeoutMs: 300, bodyTimeoutMs: 10_000 }))).code).toBe('HEADERS_TIMEOUT');
    await mute.close();
    const stalled = await rawServer((socket) => socket.write('HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n5\r\nhello\r\n'));
    const answer = await pooledPost(stalled.url, { headers: {}, headersTimeoutMs: 10_000, bodyTimeoutMs: 300 });
    const error = await failure(
      (async () => {
        for await (const chunk of answer.body) expect(Buffer.from(chunk).toString()).toBe('hello');
      })(),
    );
    expect(error.code).toBe('BODY_TIMEOUT');
    await stalled.close();
  });

  it('is cancelled: before its head, or in the middle of its body', async () => {
    const mute = await rawServer(() => undefined);
    const early = new AbortController();
    const pending = pooledPost(mute.url, { headers: {}, headersTimeoutMs: 10_000, bodyTimeoutMs: 10_000, signal: early.signal });
    early.abort();
    expect((await failure(pending)).code).toBe('ABORTED');
    await mute.close();

    handler = (_req, res) => {
      res.writeHead(200);
      void writeParts(res, Array.from({ length: 32 }, () => randomBytes(1024 * 1024))).catch(() => undefined);
    };
    const late = new AbortController();
    const answer = await post('/api/v0/cat?arg=x', { signal: late.signal });
    const error = await failure(
      (async () => {
        for await (const chunk of answer.body) {
          expect(chunk.byteLength).toBeGreaterThan(0);
          late.abort();
        }
      })(),
    );
    expect(error.code).toBe('ABORTED');
  });

  it('cannot connect: Node’s own code', async () => {
    const closed = await rawServer(() => undefined);
    await closed.close();
    const error = (await failure(pooledPost(closed.url, { headers: {}, headersTimeoutMs: 10_000, bodyTimeoutMs: 10_000 }))) as unknown as NodeJS.ErrnoException;
    expect(error.code).toBe('ECONNREFUSED');
  });
});

describe('what it refuses to send', () => {
  it('refuses a header that would split the request, and an address that is not plain http', () => {
    expect(() => pooledPost(new URL(`${origin}/x`), { headers: { authorization: 'Basic a\r\nx-injected: 1' }, headersTimeoutMs: 1000, bodyTimeoutMs: 1000 })).toThrow(/authorization/);
    expect(() => pooledPost(new URL('https://127.0.0.1/x'), { headers: {}, headersTimeoutMs: 1000, bodyTimeoutMs: 1000 })).toThrow(/plain HTTP/);
  });
});
