import { Pool } from 'undici';
import { UpstreamRpcError } from '../upstreamRpcError';


/** One call of a batch. */
export interface RpcCall {
  method: string;
  params: unknown[];
}

/** The gas API's JSON-RPC client to Anvil: keep-alive, a timeout on every request, batches for backfills. */
export interface UpstreamRpc {
  call<T>(method: string, params: unknown[]): Promise<T>;
  /** Sends the calls as JSON-RPC batches of at most `BATCH_SIZE`; results in call order; throws on the first error. */
  batch<T>(calls: readonly RpcCall[]): Promise<T[]>;
  close(): Promise<void>;
}

const TIMEOUT_MS = 15_000;
const BATCH_SIZE = 100;
/** Anvil answers a few hundred receipts per block at most in the seeded chain; this caps a runaway answer. */
const MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

interface RpcAnswer {
  id?: unknown;
  result?: unknown;
  error?: { code: number; message: string };
}

/** Creates the client for Anvil's HTTP address. */
export function createUpstreamRpc(url: string): UpstreamRpc {
  const target = new URL(url);
  const pool = new Pool(target.origin, { connections: 4, headersTimeout: TIMEOUT_MS, bodyTimeout: TIMEOUT_MS });
  const path = `${target.pathname}${target.search}`;
  let nextId = 1;

  const post = async (body: unknown): Promise<unknown> => {
    const response = await pool.request({
      method: 'POST',
      path,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const length = Number(response.headers['content-length'] ?? 0);
    if (length > MAX_RESPONSE_BYTES) {
      response.body.destroy();
      throw new Error(`the node answered ${length} bytes, over the ${MAX_RESPONSE_BYTES}-byte cap`);
    }
    const text = await response.body.text();
    if (response.statusCode !== 200) throw new Error(`the node answered HTTP ${response.statusCode}: ${text.slice(0, 200)}`);
    return JSON.parse(text) as unknown;
  };

  const unwrap = <T>(method: string, answer: RpcAnswer | undefined): T => {
    if (!answer) throw new Error(`${method}: the node left the call unanswered`);
    if (answer.error) throw new UpstreamRpcError(method, answer.error);
    return answer.result as T;
  };

  return {
    async call<T>(method: string, params: unknown[]): Promise<T> {
      const id = nextId++;
      return unwrap<T>(method, (await post({ jsonrpc: '2.0', id, method, params })) as RpcAnswer);
    },
    async batch<T>(calls: readonly RpcCall[]): Promise<T[]> {
      const results: T[] = [];
      for (let start = 0; start < calls.length; start += BATCH_SIZE) {
        const chunk = calls.slice(start, start + BATCH_SIZE).map((call) => ({ jsonrpc: '2.0', id: nextId++, ...call }));
        const answers = (await post(chunk)) as RpcAnswer[];
        if (!Array.isArray(answers)) throw new Error('the node answered a batch with a single object');
        const byId = new Map(answers.map((answer) => [answer.id, answer]));
        for (const request of chunk) results.push(unwrap<T>(request.method, byId.get(request.id)));
      }
      return results;
    },
    close: () => pool.close(),
  };
}
