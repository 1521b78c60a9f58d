import { invalidRequest, parseError, rpcError, RpcCode, type RpcErrorObject, type RpcId } from './rpcErrors';

/** A request that passed JSON-RPC 2.0 validation. */
export interface RpcRequest {
  /** The client's id, echoed in the response; null when the client sent `"id": null`. */
  id: RpcId;
  /** True when the request had no `id` member: it is processed but never answered. */
  notification: boolean;
  method: string;
  params: unknown[] | Record<string, unknown> | undefined;
  /** True when the object has members beyond jsonrpc/id/method/params (Anvil refuses those, so it must be rewritten). */
  extraMembers: boolean;
}

/** A request that failed validation, with the id to answer with (null when the id itself was unusable). */
export interface RpcRequestError {
  id: RpcId;
  error: RpcErrorObject;
}

/** What a body or message holds once parsed. */
export type ParsedMessage =
  | { kind: 'single'; value: unknown }
  | { kind: 'batch'; items: unknown[] }
  | { kind: 'invalid'; error: RpcErrorObject };

// Anvil (serde_json) refuses nesting past 128 levels and JSON.stringify overflows the stack on a
// few thousand; params deeper than this are refused before anything is forwarded or re-serialized.
const MAX_PARAMS_DEPTH = 64;

/** Parses a body or WebSocket message; anything that is not a JSON object or array is refused. */
export function parseMessage(text: string): ParsedMessage {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'invalid', error: parseError() };
  }
  if (Array.isArray(value)) return { kind: 'batch', items: value };
  if (isPlainObject(value)) return { kind: 'single', value };
  return { kind: 'invalid', error: invalidRequest('the body must be a JSON object or an array of them') };
}

/** Validates one request object against JSON-RPC 2.0. */
export function validateRequest(value: unknown): RpcRequest | RpcRequestError {
  if (!isPlainObject(value)) return { id: null, error: invalidRequest('a request must be a JSON object') };
  const hasId = Object.hasOwn(value, 'id');
  const rawId = value.id;
  if (hasId && !isValidId(rawId)) return { id: null, error: invalidRequest('"id" must be a string, a number or null') };
  const id: RpcId = hasId ? (rawId as RpcId) : null;
  const { jsonrpc, method, params } = value;
  if (typeof jsonrpc !== 'string') return { id, error: invalidRequest('"jsonrpc" must be "2.0"') };
  // A string other than "2.0" is a version the service does not speak, which has its own code.
  if (jsonrpc !== '2.0') return { id, error: rpcError(RpcCode.versionNotSupported, 'JSON-RPC version not supported') };
  if (typeof method !== 'string' || method.length === 0) {
    return { id, error: invalidRequest('"method" must be a non-empty string') };
  }
  if (params !== undefined && !Array.isArray(params) && !isPlainObject(params)) {
    return { id, error: invalidRequest('"params" must be an array or an object') };
  }
  if (params !== undefined && exceedsDepth(params, MAX_PARAMS_DEPTH)) {
    return { id, error: invalidRequest(`"params" is nested deeper than ${MAX_PARAMS_DEPTH} levels`) };
  }
  let members = 0;
  for (const _ in value) members++;
  const known = 2 + (hasId ? 1 : 0) + (params !== undefined ? 1 : 0);
  return { id, notification: !hasId, method, params, extraMembers: members > known };
}

/** True for a validation failure. */
export function isRequestError(r: RpcRequest | RpcRequestError): r is RpcRequestError {
  return 'error' in r;
}

/** Narrows to a non-null, non-array object. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isValidId(id: unknown): id is RpcId {
  return id === null || typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id));
}

/** Iterative (no recursion, so hostile nesting cannot overflow the stack) depth check. */
function exceedsDepth(root: unknown, maxDepth: number): boolean {
  const stack: [unknown, number][] = [[root, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (depth > maxDepth) return true;
    const children = Array.isArray(node) ? node : Object.values(node);
    for (const child of children) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}
