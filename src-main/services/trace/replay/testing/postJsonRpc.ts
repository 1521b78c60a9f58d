import type { RpcRequest } from '../rpcRequest';

/** A JSON-RPC request function posting to one URL, one request per call (tests only: no retries, no size cap). */
export function postJsonRpc(url: string): RpcRequest {
  let id = 0;
  return async (method, params, signal) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
      signal: signal ?? AbortSignal.timeout(30_000),
    });
    const answer = (await response.json()) as { result?: unknown; error?: { code: number; message: string } };
    if (answer.error) throw new Error(`${method}: ${answer.error.message} (${answer.error.code})`);
    return answer.result;
  };
}
