import type { ErrorKind } from '../../../src-shared/api/errorKinds';
import { logLimitOf } from './dialects/logLimitDialects';
import type { RpcErrorFacts } from './rpcErrorFacts';

/** What went wrong with a request, as a person would tell it apart. */
export type RpcErrorKind =
  | 'apiKeyRejected'
  | 'apiKeyMissing'
  | 'accessDenied'
  | 'rateLimited'
  | 'quotaExceeded'
  | 'logLimit'
  | 'limitExceeded'
  | 'reverted'
  | 'methodNotFound'
  | 'invalidParams'
  | 'rpc'
  | 'nodeFailed'
  | 'timeout'
  | 'aborted'
  | 'tooLarge'
  | 'networkDown'
  | 'hostNotFound'
  | 'network'
  | 'socketClosed'
  | 'http'
  | 'gatewayDown'
  | 'notJsonRpc'
  | 'unknown';

/**
 * The contract's kind of each case: the one place a node's failure becomes an {@link ErrorKind}, which is what the
 * services (with `walk()`) and the pages branch on. A gateway's -32603 that is no revert (`nodeFailed`) means its
 * node failed under it: work waits and tries again, as for a node that is down.
 */
export const KIND_OF_RPC_ERROR: Record<RpcErrorKind, ErrorKind> = {
  apiKeyRejected: 'credentials',
  apiKeyMissing: 'credentials',
  accessDenied: 'credentials',
  rateLimited: 'limit',
  quotaExceeded: 'limit',
  logLimit: 'limit',
  limitExceeded: 'limit',
  reverted: 'reverted',
  methodNotFound: 'unsupported',
  invalidParams: 'refused',
  rpc: 'refused',
  nodeFailed: 'unreachable',
  timeout: 'timeout',
  aborted: 'cancelled',
  tooLarge: 'limit',
  networkDown: 'unreachable',
  hostNotFound: 'unreachable',
  network: 'unreachable',
  socketClosed: 'unreachable',
  http: 'refused',
  gatewayDown: 'unreachable',
  notJsonRpc: 'badAnswer',
  unknown: 'internal',
};

/** JSON-RPC codes the hosted service uses (reference/SERVICE-FACTS.md). */
export const RPC_CODE = {
  reverted: 3,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  resourceUnavailable: -32002,
  methodNotSupported: -32004,
  limitExceeded: -32005,
  internalError: -32603,
} as const;

/**
 * A node's words for a method it does not have, whatever its code: Ganache answers an unknown method with -32700
 * (a parse error) and `The method eth_getBlockReceipts does not exist/is not available`.
 */
const METHOD_MISSING = /\bdoes not exist\/is not available\b|\bmethod not found\b|\bmethod [\w.]+ (?:is )?not (?:supported|found)\b/i;

/** HTTP statuses of a proxy or gateway whose node is down: the request may work again soon. */
const GATEWAY_DOWN = new Set([502, 503, 504]);

/**
 * The kind of a failure, from its facts (and the method asked, when known). Order matters: an HTTP 429 carries
 * -32005 too, and a 401 is told by its status before anything else (its body is plain text, not JSON-RPC). A
 * node's refusal of a log query over its limits, in any provider's dialect, is `logLimit` (see
 * `dialects/logLimitDialects.ts`, which says what it means).
 */
export function classifyRpcError(facts: RpcErrorFacts, method?: string): RpcErrorKind {
  const message = (facts.rpcMessage ?? '').toLowerCase();
  if (facts.kind === 'aborted') return 'aborted';
  if (facts.status === 401) return /required/i.test(facts.httpBody ?? '') ? 'apiKeyMissing' : 'apiKeyRejected';
  if (facts.status === 403 || facts.rpcCode === RPC_CODE.resourceUnavailable) return 'accessDenied';
  if (message.includes('daily request count exceeded')) return 'quotaExceeded';
  if (facts.status === 429 || message.includes('rate exceeded') || hasBackoff(facts.rpcData)) return 'rateLimited';
  if (logLimitOf({ code: facts.rpcCode, message: facts.rpcMessage, data: facts.rpcData }, method)) return 'logLimit';
  if (facts.rpcCode === RPC_CODE.limitExceeded) return 'limitExceeded';
  // A revert in any node's words or shape (geth's 3, Hardhat's -32603, Ganache's -32000, Nethermind's -32015).
  if (facts.rpcCode !== undefined && (facts.rpcCode === RPC_CODE.reverted || facts.revert.reverted || message.startsWith('execution reverted'))) return 'reverted';
  if (facts.rpcCode === RPC_CODE.methodNotFound || facts.rpcCode === RPC_CODE.methodNotSupported || METHOD_MISSING.test(message)) return 'methodNotFound';
  if (facts.rpcCode === RPC_CODE.invalidParams) return 'invalidParams';
  if (facts.rpcCode === RPC_CODE.internalError) return 'nodeFailed';
  if (facts.rpcCode !== undefined) return 'rpc';
  if (facts.kind === 'timeout') return 'timeout';
  if (facts.kind === 'tooLarge') return 'tooLarge';
  if (facts.status !== undefined) return GATEWAY_DOWN.has(facts.status) ? 'gatewayDown' : 'http';
  if (facts.kind === 'notJson') return 'notJsonRpc';
  if (facts.systemCode === 'ECONNREFUSED') return 'networkDown';
  if (facts.systemCode === 'ENOTFOUND' || facts.systemCode === 'EAI_AGAIN') return 'hostNotFound';
  if (facts.systemCode === 'UND_ERR_CONNECT_TIMEOUT' || facts.systemCode === 'ETIMEDOUT') return 'timeout';
  if (facts.kind === 'socketClosed') return 'socketClosed';
  if (facts.systemCode !== undefined || facts.kind === 'network') return 'network';
  return 'unknown';
}

/** Whether JSON-RPC error data carries the hosted service's `backoff_seconds`. */
export function hasBackoff(data: unknown): data is { backoff_seconds: number } {
  return typeof data === 'object' && data !== null && typeof (data as { backoff_seconds?: unknown }).backoff_seconds === 'number';
}
