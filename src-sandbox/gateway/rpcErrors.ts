/** A JSON-RPC request id as the gateway accepts it (JSON-RPC 2.0: string, number or null). */
export type RpcId = string | number | null;

/** The `error` member of a JSON-RPC response. */
export interface RpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

/** Error codes the gateway answers with (the hosted service's set, SERVICE-FACTS "standard errors"). */
export const RpcCode = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  limitExceeded: -32005,
  versionNotSupported: -32006,
  executionReverted: 3,
} as const;

/** Builds an error object, leaving `data` out when there is none. */
export function rpcError(code: number, message: string, data?: unknown): RpcErrorObject {
  return data === undefined ? { code, message } : { code, message, data };
}

/** -32700 for a body or message that is not JSON. */
export const parseError = (): RpcErrorObject => rpcError(RpcCode.parseError, 'parse error');

/** -32600 with the reason in `data`, so the message stays stable for clients that match it. */
export const invalidRequest = (reason: string): RpcErrorObject =>
  rpcError(RpcCode.invalidRequest, 'invalid request', reason);

/** -32601 in the hosted service's wording. */
export const methodNotAvailable = (method: string): RpcErrorObject =>
  rpcError(RpcCode.methodNotFound, `the method ${method} does not exist/is not available`);

/** -32602 with a specific message. */
export const invalidParams = (message: string, data?: unknown): RpcErrorObject =>
  rpcError(RpcCode.invalidParams, message, data);

/** -32603 for failures between the gateway and the node; never carries upstream addresses. */
export const internalError = (message: string): RpcErrorObject => rpcError(RpcCode.internalError, message);

/** Serializes a whole error response. */
export function errorResponseText(id: RpcId, error: RpcErrorObject): string {
  return JSON.stringify({ jsonrpc: '2.0', id, error });
}

/** Serializes a whole success response. */
export function resultResponseText(id: RpcId, result: unknown): string {
  return JSON.stringify({ jsonrpc: '2.0', id, result });
}
