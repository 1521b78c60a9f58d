/** A JSON-RPC answer as it came off the wire: result or error, nothing decoded. */
export interface RawRpcAnswer {
  status: number;
  body: { jsonrpc: string; id: unknown; result?: unknown; error?: { code: number; message: string; data?: unknown } };
}

/** Sends one JSON-RPC request and returns the HTTP status and parsed body; for tests that pin exact answers. */
export async function rawRpc(url: string, method: string, params: unknown = []): Promise<RawRpcAnswer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return { status: response.status, body: (await response.json()) as RawRpcAnswer['body'] };
}

/** Sends one JSON-RPC request and returns its result, throwing on an error answer. */
export async function rpcResult<T>(url: string, method: string, params: unknown = []): Promise<T> {
  const { body } = await rawRpc(url, method, params);
  if (body.error) throw new Error(`${method} failed: ${body.error.code} ${body.error.message}`);
  return body.result as T;
}
