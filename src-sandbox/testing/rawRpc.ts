import { rawJsonRpc } from '../../test-support/rawJsonRpc';

/** Sends one JSON-RPC request and returns its result, throwing on an error answer. */
export async function rpcResult<T>(url: string, method: string, params: unknown = []): Promise<T> {
  const { body } = await rawJsonRpc(url, method, params);
  if (body.error) throw new Error(`${method} failed: ${body.error.code} ${body.error.message}`);
  return body.result as T;
}
