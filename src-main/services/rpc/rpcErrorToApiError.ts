// SECURITY: this is where errors from the network become errors a person (and the renderer) sees. viem's
// messages carry the URL, and the URL carries the key in its path: every text that leaves here goes through
// `redactApiError`. Do not return a field built from raw text without it.
import type { ApiError } from '../../../src-shared/api/apiError';
import { isApiError } from '../../../src-shared/api/apiError';
import { errorToApiError } from '../errors/apiErrorToError';
import { BlockglassError } from '../errors/blockglassError';
import { redactApiError } from '../errors/redactApiError';
import { redactSecrets } from '../secrets/redactSecrets';
import { classifyRpcError, hasBackoff, KIND_OF_RPC_ERROR } from './classifyRpcError';
import { logLimitApiError } from './dialects/logLimitApiError';
import { logLimitOf } from './dialects/logLimitDialects';
import { endpointOf } from './endpointOf';
import { rpcErrorFacts } from './rpcErrorFacts';
import { byteSize, firstLine, hostOnly, httpReason, reasonIn, retryAfterSeconds, said, seconds, snippet } from './rpcErrorWords';

/** What the mapper knows besides the error: the secrets to redact and how the request was made. */
export interface ErrorContext {
  /** Key, secret and tokens of the network asked; removed from every field. */
  secrets: readonly string[];
  /** The JSON-RPC method, for messages such as "The node does not offer eth_foo". */
  method?: string;
  /** The request timeout, for "did not answer within N s". */
  timeoutMs?: number;
  /** The response-size cap, for "over the N MiB limit". */
  maxResponseBytes?: number;
  /** The address asked, when the error itself does not say (WebSocket failures); only its host is shown. */
  url?: string;
}

/**
 * Turns any failure of a JSON-RPC request (viem's errors, fetch and socket errors, the services' own errors)
 * into an {@link ApiError} a person understands, with the key redacted from every field. One switch over the
 * kinds of {@link classifyRpcError}, in the manner of viem's `buildRequest`.
 */
export function rpcErrorToApiError(error: unknown, context: ErrorContext): ApiError {
  const redact = (text: string) => redactSecrets(text, context.secrets);
  if (error instanceof BlockglassError) return redactApiError(errorToApiError(error), redact);
  if (isApiError(error) && !(error instanceof Error)) return redactApiError(error, redact);

  const facts = rpcErrorFacts(error);
  const where = endpointOf(facts.url ?? context.url);
  const which = classifyRpcError(facts, context.method);
  let result: Omit<ApiError, 'kind'> & { kind?: ApiError['kind'] };
  switch (which) {
    case 'apiKeyRejected':
      result = {
        name: 'InvalidApiKeyError',
        code: 401,
        shortMessage: 'The service rejected the API key.',
        ...said(facts.httpBody),
        details: 'Check the key in Settings → Keys.',
        fix: { label: 'Open API keys', route: '/settings/keys' },
      };
      break;
    case 'apiKeyMissing':
      result = {
        name: 'MissingApiKeyError',
        code: 401,
        shortMessage: 'The service needs an API key for this network.',
        ...said(facts.httpBody),
        details: 'Enter the key in Settings → Keys.',
        fix: { label: 'Open API keys', route: '/settings/keys' },
      };
      break;
    case 'accessDenied':
      result = {
        name: 'AccessDeniedError',
        code: facts.rpcCode ?? 403,
        shortMessage: "The service refused the request under the key's settings.",
        ...said(facts.rpcMessage ?? facts.httpBody),
        details: "The key's allowlists (methods, contract addresses, origins) do not allow it. Change them in the service's dashboard, or use another key.",
      };
      break;
    case 'rateLimited': {
      const data = hasBackoff(facts.rpcData) ? (facts.rpcData as { backoff_seconds: number; current_rps?: unknown; allowed_rps?: unknown }) : undefined;
      const wait = data?.backoff_seconds ?? retryAfterSeconds(facts.retryAfter);
      result = {
        name: 'RateLimitedError',
        code: 429,
        shortMessage: "The service's request rate limit for this key was reached.",
        ...said(facts.rpcMessage ?? facts.httpBody),
        details: `Blockglass retried as the service asked; try again ${wait !== undefined ? `in ${wait} s` : 'in a moment'}, or send fewer requests at once.`,
        data: { backoffSeconds: wait, currentRps: data?.current_rps, allowedRps: data?.allowed_rps },
      };
      break;
    }
    case 'quotaExceeded':
      result = {
        name: 'QuotaExceededError',
        code: facts.rpcCode ?? 429,
        shortMessage: "The key's daily request quota is used up.",
        ...said(facts.rpcMessage),
        details: 'Requests work again when the quota resets, or with another key.',
      };
      break;
    case 'logLimit':
      result = { ...logLimitApiError({ signal: logLimitOf({ code: facts.rpcCode, message: facts.rpcMessage, data: facts.rpcData }, context.method)!, code: facts.rpcCode, nodeData: facts.rpcData }), ...said(facts.rpcMessage) };
      break;
    case 'limitExceeded':
      result = {
        name: 'LimitExceededError',
        code: facts.rpcCode ?? -32005,
        shortMessage: 'The request exceeds a limit of the service.',
        ...said(facts.rpcMessage),
        details: 'Ask for less at once: fewer addresses and topics, a narrower range, a smaller batch.',
        ...(facts.rpcData !== undefined ? { data: facts.rpcData } : {}),
      };
      break;
    case 'reverted': {
      const reason = reasonIn(facts.rpcMessage ?? '');
      const withData = facts.revert.reverted && facts.revert.data !== null;
      result = {
        name: 'ExecutionRevertedError',
        code: facts.rpcCode ?? 3,
        shortMessage: reason ? `The call reverted: ${snippet(reason)}` : withData ? 'The call reverted; its revert data is attached.' : 'The call reverted without data.',
        ...said(facts.rpcMessage),
        details: reason
          ? 'The contract refused the call with this reason.'
          : withData
            ? 'The contract refused the call. Its revert data names the error: import the contract’s ABI to decode a custom error.'
            : 'The contract refused the call without saying why (a bare revert, an invalid opcode, or out of gas).',
        ...(facts.rpcData !== undefined ? { data: facts.rpcData } : {}),
      };
      break;
    }
    case 'methodNotFound':
      result = {
        name: 'MethodNotFoundError',
        code: facts.rpcCode ?? -32601,
        shortMessage: context.method ? `The node does not offer ${context.method}.` : 'The node does not offer the method asked.',
        details: "The service may not support it on this network, or the key's plan may not include it.",
        ...said(facts.rpcMessage),
      };
      break;
    case 'invalidParams':
      result = {
        name: 'InvalidParamsError',
        code: facts.rpcCode ?? -32602,
        shortMessage: "The node refused the request's parameters.",
        details: 'Check what was asked: an address, a block number or a filter may not be in the form this node accepts.',
        ...said(facts.rpcMessage),
        ...(facts.rpcData !== undefined ? { data: facts.rpcData } : {}),
      };
      break;
    case 'rpc':
      result = {
        name: 'RpcError',
        code: facts.rpcCode ?? 'RPC_ERROR',
        shortMessage: 'The node refused the request.',
        ...said(facts.rpcMessage),
        ...(facts.rpcData !== undefined ? { data: facts.rpcData } : {}),
      };
      break;
    case 'nodeFailed':
      result = {
        name: 'NodeFailedError',
        code: facts.rpcCode ?? 'RPC_ERROR',
        shortMessage: `${where ? `The node at ${where}` : 'The node'} failed while answering.`,
        details: 'It, or the node behind it, may be restarting or overloaded. Try again; a live view keeps retrying by itself.',
        ...said(facts.rpcMessage),
        ...(facts.rpcData !== undefined ? { data: facts.rpcData } : {}),
      };
      break;
    case 'timeout':
      result = {
        name: 'TimeoutError',
        code: 'TIMEOUT',
        shortMessage: `${where ? `The node at ${where}` : 'The node'} did not answer within ${seconds(context.timeoutMs)}.`,
        details: 'It may be overloaded or unreachable. Try again; a live view keeps retrying by itself.',
      };
      break;
    case 'aborted':
      result = { name: 'AbortError', code: 'ABORTED', shortMessage: 'The request was cancelled.' };
      break;
    case 'tooLarge': {
      const cap = facts.sizes?.maxSize ?? context.maxResponseBytes;
      result = {
        name: 'ResponseTooLargeError',
        code: 'RESPONSE_TOO_LARGE',
        shortMessage: `The node's answer is larger than the ${cap !== undefined ? byteSize(cap) : 'size'} limit.`,
        details: 'Ask for less at once: a narrower block range, fewer items in a batch.',
        ...(facts.sizes ? { data: { maxBytes: facts.sizes.maxSize, receivedBytes: facts.sizes.size } } : {}),
      };
      break;
    }
    case 'networkDown':
      result = {
        name: 'NetworkDownError',
        code: 'ECONNREFUSED',
        shortMessage: `Nothing answers at ${where || 'the address'}: the connection was refused.`,
        details: 'The node is down or the address is wrong. For the Local network, check that the sandbox is running.',
      };
      break;
    case 'hostNotFound':
      result = {
        name: 'HostNotFoundError',
        code: 'HOST_NOT_FOUND',
        data: { systemCode: facts.systemCode ?? 'ENOTFOUND' },
        shortMessage: `The host ${hostOnly(where) || 'of the address'} could not be found.`,
        details: 'Check the address and the internet connection.',
      };
      break;
    case 'network':
      result = {
        name: 'NetworkError',
        code: 'NETWORK',
        ...(facts.systemCode ? { data: { systemCode: facts.systemCode } } : {}),
        shortMessage: `The connection to ${where || 'the node'} failed.`,
        details: 'The network or the node dropped it. Try again; a live view reconnects by itself.',
        ...said(facts.message),
      };
      break;
    case 'socketClosed':
      result = {
        name: 'SocketClosedError',
        code: 'SOCKET_CLOSED',
        shortMessage: `The WebSocket connection to ${where || 'the node'} closed.`,
        details: 'Live views reconnect by themselves.',
      };
      break;
    case 'http':
    case 'gatewayDown':
      result = {
        name: 'HttpError',
        code: facts.status ?? 'RPC_ERROR',
        shortMessage: `${where ? `The server at ${where}` : 'The server'} answered with an HTTP error: ${httpReason(facts.status)}.`,
        ...(which === 'gatewayDown' ? { details: 'The node behind it may be down or restarting. Try again; a live view keeps retrying by itself.' } : {}),
        ...said(facts.httpBody),
      };
      break;
    case 'notJsonRpc':
      result = {
        name: 'InvalidAnswerError',
        code: 'NOT_JSON_RPC',
        shortMessage: `The answer of ${where || 'the node'} is not JSON-RPC.`,
        details: 'The address may not be a JSON-RPC endpoint: check it in the network settings.',
      };
      break;
    case 'unknown':
      result = {
        name: 'UnknownRpcError',
        code: 'UNKNOWN',
        shortMessage: 'The request failed for a reason Blockglass does not recognise.',
        ...said(firstLine(facts.message) || facts.name),
      };
      break;
  }
  return redactApiError({ ...result, kind: result.kind ?? KIND_OF_RPC_ERROR[which] }, redact);
}
