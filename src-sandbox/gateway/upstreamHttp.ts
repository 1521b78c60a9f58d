import { Pool } from 'undici';
import { dispatchPost } from './dispatchPost';
import { createUpstreamBatcher, type UpstreamBytes } from './upstreamBatcher';
import { internalError, type RpcErrorObject, type RpcId } from './rpcErrors';
import { isPlainObject } from './validateRequest';
import { UpstreamRpcError } from '../upstreamRpcError';

/** The node's answer to a request the gateway sent under its own id. */
export interface UpstreamAnswer {
  /**
   * The bytes after `{"jsonrpc":"2.0","id":<ours>,`, i.e. `"result":…}` or `"error":…}`, when the
   * node answered in its usual layout; lets a reply be re-addressed to the client's id without
   * parsing or re-serializing the result. Undefined otherwise.
   */
  tail: Buffer | undefined;
  /** Parses the answer (only for the rules that must look inside it). */
  parse(): { result: unknown } | { error: RpcErrorObject };
}

/** The keep-alive HTTP connection pool to the node. */
export interface UpstreamHttp {
  /** Posts one request's bytes as is (coalesced with others of the same turn unless `signal` is given). */
  post(body: string | Buffer, signal?: AbortSignal): Promise<UpstreamBytes>;
  /** Sends one request under a fresh internal id. */
  exchange(method: string, params: unknown, signal?: AbortSignal): Promise<UpstreamAnswer>;
  /** Calls a method and returns its result, throwing on an error answer (for the gateway's own reads). */
  call(method: string, params: unknown[], signal?: AbortSignal): Promise<unknown>;
  close(): Promise<void>;
}

const RESPONSE_PREFIX = Buffer.from('{"jsonrpc":"2.0","id":');
const ID_NULL_PREFIX = Buffer.from('{"jsonrpc":"2.0","id":null,');

/** Opens a pool to the node's HTTP address. */
export function createUpstreamHttp(upstreamUrl: string, timeoutMs: number): UpstreamHttp {
  const url = new URL(upstreamUrl);
  const path = `${url.pathname}${url.search}`;
  // Many connections: the node answers concurrent requests in parallel, and a queue behind a
  // few sockets would add latency under load (the benchmark compares with direct access).
  const pool = new Pool(url.origin, {
    connections: 128,
    pipelining: 1,
    keepAliveTimeout: 60_000,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
  // Internal ids stay small positive integers, so the response prefix is predictable.
  let lastId = 0;
  const nextId = () => (lastId = lastId >= 0x3fffffff ? 1 : lastId + 1);

  const postNow = (body: string | Buffer, signal?: AbortSignal) => dispatchPost(pool, path, body, signal);
  const postCoalesced = createUpstreamBatcher((body) => postNow(body));
  // A request that can be cancelled (eth_getLogs) must own its HTTP request, so it is never batched.
  const post = (body: string | Buffer, signal?: AbortSignal) => (signal === undefined ? postCoalesced(body) : postNow(body, signal));

  async function exchange(method: string, params: unknown, signal?: AbortSignal): Promise<UpstreamAnswer> {
    const id = nextId();
    const { status, body } = await post(JSON.stringify({ jsonrpc: '2.0', id, method, params }), signal);
    return answerOf(status, body, id);
  }

  return {
    post,
    exchange,
    async call(method, params, signal) {
      const answer = (await exchange(method, params, signal)).parse();
      if ('error' in answer) throw new UpstreamRpcError(method, answer.error);
      return answer.result;
    },
    close: () => pool.close(),
  };
}

/** Wraps the node's response to internal id `id` (undefined when the request carried the client's id). */
export function answerOf(status: number, body: Buffer, id: number | undefined): UpstreamAnswer {
  return {
    tail: status === 200 && id !== undefined ? tailAfterId(body, id) : undefined,
    parse: () => parseAnswer(body),
  };
}

/** The bytes after `"id":<id>,` when the response starts with the node's usual prefix. */
export function tailAfterId(body: Buffer, id: number): Buffer | undefined {
  const idText = `${id},`;
  const start = RESPONSE_PREFIX.length + idText.length;
  if (body.length <= start || body[body.length - 1] !== 0x7d /* } */) return undefined;
  if (!body.subarray(0, RESPONSE_PREFIX.length).equals(RESPONSE_PREFIX)) return undefined;
  if (body.toString('latin1', RESPONSE_PREFIX.length, start) !== idText) return undefined;
  return body.subarray(start);
}

/** True when the tail is a success member. */
export function isResultTail(tail: Buffer): boolean {
  return tail.toString('latin1', 0, 9) === '"result":';
}

/** Re-addresses a tail to the client's id: `{"jsonrpc":"2.0","id":<client id>,` + tail. */
export function withClientId(id: RpcId, tail: Buffer): Buffer {
  return Buffer.concat([RESPONSE_PREFIX, Buffer.from(`${JSON.stringify(id)},`), tail]);
}

/** True when the node answered with `"id":null`, i.e. it could not read the request it was sent. */
export function isUnreadableReply(body: Buffer): boolean {
  return body.subarray(0, ID_NULL_PREFIX.length).equals(ID_NULL_PREFIX);
}

function parseAnswer(body: Buffer): { result: unknown } | { error: RpcErrorObject } {
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    return { error: internalError('upstream answered with an unreadable response') };
  }
  if (isPlainObject(value)) {
    if (isPlainObject(value.error) && typeof value.error.code === 'number' && typeof value.error.message === 'string') {
      const { code, message, data } = value.error;
      return { error: data === undefined ? { code, message } : { code, message, data } };
    }
    if (Object.hasOwn(value, 'result')) return { result: value.result };
  }
  return { error: internalError('upstream answered with an unreadable response') };
}

/**
 * An upstream whose address is known later (a node still starting): each request waits for it, then goes as to
 * {@link createUpstreamHttp}'s pool; a node that never started fails each request with the reason.
 */
export function createDeferredUpstreamHttp(upstreamUrl: Promise<string>, timeoutMs: number): UpstreamHttp {
  const ready = upstreamUrl.then((url) => createUpstreamHttp(url, timeoutMs));
  ready.catch(() => {}); // said to each request that waits on it
  return {
    post: async (body, signal) => (await ready).post(body, signal),
    exchange: async (method, params, signal) => (await ready).exchange(method, params, signal),
    call: async (method, params, signal) => (await ready).call(method, params, signal),
    close: async () => (await ready.catch(() => undefined))?.close(),
  };
}
