// SECURITY: `rpcUrl` carries the API key. This client lives in the main process only; the errors it throws
// (viem's classes) carry the URL and must go through `nodeError` before they are shown or logged.
import { errors as undiciErrors, request, type Dispatcher } from 'undici';
import { HttpRequestError, ResponseBodyTooLargeError, RpcRequestError, TimeoutError } from 'viem';

/** What {@link createLeanRpcClient} needs. */
export interface LeanRpcClientOptions {
  /** The rpc service's keep-alive pool. */
  dispatcher: Dispatcher;
  /** The longest wait for the answer's headers, and for each piece of its body. */
  timeoutMs: number;
  maxResponseBytes: number;
}

/** One JSON-RPC request at a time over HTTP, as `client.request` does it. */
export interface LeanRpcClient {
  request(args: { method: string; params: unknown }, options?: { signal?: AbortSignal }): Promise<unknown>;
}

let nextId = 0;

/**
 * A JSON-RPC client for one request at a time, on undici's `request` instead of viem's `http` transport over
 * `fetch`. Every request there made three AbortControllers of its own (viem's timeout, viem's signal merge,
 * fetch's) and a WHATWG Request and Response; in Node each controller costs tens of microseconds
 * (`makeTransferable`), a large part of what the app added to a ~1 ms call (bench/call.ts). Here the time limits
 * are undici's own (`headersTimeout`, `bodyTimeout`), and failures are thrown as the same viem errors, with the
 * same fields, that viem's transport throws, so the error mapping and the retries read them alike.
 */
export function createLeanRpcClient(rpcUrl: string, options: LeanRpcClientOptions): LeanRpcClient {
  const { dispatcher, timeoutMs, maxResponseBytes } = options;
  return {
    async request({ method, params }, { signal } = {}) {
      const body: Record<string, unknown> = { jsonrpc: '2.0', id: ++nextId, method, params };
      let response: Dispatcher.ResponseData;
      try {
        response = await request(rpcUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          dispatcher,
          signal,
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
        });
      } catch (error) {
        throw requestFailure(error, body, rpcUrl, signal);
      }
      const { statusCode } = response;
      // viem's errors carry a WHATWG Headers (the mapping reads Retry-After from it): made only for an error.
      const headers = () => {
        const made = new Headers();
        for (const [name, value] of Object.entries(response.headers)) if (value !== undefined) made.set(name, Array.isArray(value) ? value.join(', ') : value);
        return made;
      };
      const declared = response.headers['content-length'];
      let text: string;
      try {
        text = await readCapped(response.body, maxResponseBytes, typeof declared === 'string' ? Number(declared) : Number.NaN);
      } catch (error) {
        throw requestFailure(error, body, rpcUrl, signal);
      }
      const ok = statusCode >= 200 && statusCode < 300;
      let data: { result?: unknown; error?: unknown };
      try {
        data = JSON.parse(text || '{}') as typeof data;
      } catch (error) {
        // viem's rule: a body that is not JSON fails a 2xx answer, and is the error's text otherwise.
        if (ok) throw new HttpRequestError({ body, cause: error as Error, url: rpcUrl });
        data = { error: text };
      }
      if (!ok) {
        if (isRpcError(data)) throw new RpcRequestError({ body, error: data.error, headers: headers(), status: statusCode, url: rpcUrl });
        throw new HttpRequestError({ body, details: JSON.stringify(data.error) || String(statusCode), headers: headers(), status: statusCode, url: rpcUrl });
      }
      if (typeof data !== 'object' || data === null) throw new HttpRequestError({ body, details: 'The answer is not a JSON-RPC object.', url: rpcUrl });
      if (data.error) throw new RpcRequestError({ body, error: data.error as { code: number; message: string }, url: rpcUrl });
      return data.result;
    },
  };
}

function isRpcError(data: unknown): data is { error: { code: number; message: string; data?: unknown } } {
  const error = (data as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return typeof error?.code === 'number' && typeof error.message === 'string';
}

/** The body as text, refused past `maxBytes` (as soon as the length says so, or as it arrives). */
async function readCapped(body: Dispatcher.ResponseData['body'], maxBytes: number, declared: number): Promise<string> {
  if (declared > maxBytes) {
    body.destroy();
    throw new ResponseBodyTooLargeError({ maxSize: maxBytes, size: declared });
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      body.destroy();
      throw new ResponseBodyTooLargeError({ maxSize: maxBytes, size });
    }
    chunks.push(chunk);
  }
  return chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8');
}

/** A failure with no usable answer, as viem names it: a timeout, a cancel (as is), or the HTTP request failing. */
function requestFailure(error: unknown, body: Record<string, unknown>, url: string, signal: AbortSignal | undefined): unknown {
  if (error instanceof ResponseBodyTooLargeError) return error;
  if (signal?.aborted) return error;
  if (error instanceof undiciErrors.HeadersTimeoutError || error instanceof undiciErrors.BodyTimeoutError) {
    const timeout = new TimeoutError({ body, url });
    Object.defineProperty(timeout, 'cause', { value: error });
    return timeout;
  }
  return new HttpRequestError({ body, cause: error as Error, url });
}
