/** A JSON-RPC error answered by the sandbox's node (Anvil) to a request of the sandbox's own (the gateway's reads, the gas API's). */
export class UpstreamRpcError extends Error {
  override name = 'UpstreamRpcError';
  constructor(
    readonly method: string,
    readonly rpcError: { code: number; message: string; data?: unknown },
  ) {
    super(`${method} failed: ${rpcError.code} ${rpcError.message}`);
  }
}
