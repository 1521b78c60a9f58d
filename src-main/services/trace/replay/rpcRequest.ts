/** A JSON-RPC request to the network being traced: `(m, p, s) => rpc.request(networkId, m, p, { signal: s })` in the app. */
export type RpcRequest = (method: string, params: unknown[], signal?: AbortSignal) => Promise<unknown>;
