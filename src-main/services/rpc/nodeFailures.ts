// SECURITY: the words built here hold the node's own text (`nodeSaid`, `data`) unredacted; they become a
// `NodeError` only through `nodeError()`, which removes the network's secrets from every field first.
import type { ApiErrorFix } from '../../../src-shared/api/apiError';
import type { ErrorKind } from '../../../src-shared/api/errorKinds';
import { logLimitOf, type LogLimitSignal } from './dialects/logLimitDialects';
import { logLimitWords } from './dialects/logLimitWords';
import type { NodeFailureWords } from './nodeFailureWords';
import type { RpcErrorFacts } from './rpcErrorFacts';
import { byteSize, firstLine, hostOnly, httpReason, reasonIn, retryAfterSeconds, said, seconds, snippet } from './rpcErrorWords';

/** What the rpc service knows of a request besides its error: how it was made, and where. */
export interface AskedFacts {
  /** The JSON-RPC method, for messages such as "The node does not offer eth_foo". */
  method?: string;
  /** The request timeout, for "did not answer within N s". */
  timeoutMs?: number;
  /** The response-size cap, for "over the N MiB limit". */
  maxResponseBytes?: number;
  /** `host:port` of the address asked (never its path, where a key lives), or ''. */
  where: string;
  /** The network asked is the Local sandbox (its own words for the state it keeps). */
  localSandbox?: boolean;
}

/** One case of failure: how it is told from the facts, what kind of failure it is, and its words. */
interface NodeFailureRow<F extends string> {
  failure: F;
  /** The error's name, behind a page's Details. */
  name: string;
  kind: ErrorKind;
  when(facts: RpcErrorFacts, method: string | undefined): boolean;
  say(facts: RpcErrorFacts, asked: AskedFacts): NodeFailureWords;
}

const row = <F extends string>(failure: F, name: string, kind: ErrorKind, when: NodeFailureRow<F>['when'], say: NodeFailureRow<F>['say']): NodeFailureRow<F> => ({ failure, name, kind, when, say });

/** JSON-RPC codes the hosted service uses (reference/SERVICE-FACTS.md). */
export const RPC_CODE = {
  reverted: 3,
  /** geth's "pruned history unavailable" (EIP-4444 history expiry). */
  historyPruned: 4444,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  resourceUnavailable: -32002,
  methodNotSupported: -32004,
  limitExceeded: -32005,
  internalError: -32603,
} as const;

const message = (facts: RpcErrorFacts) => (facts.rpcMessage ?? '').toLowerCase();
const nodeData = (facts: RpcErrorFacts) => (facts.rpcData !== undefined ? { data: facts.rpcData } : {});
const theNode = (where: string, what = 'The node') => (where ? `${what} at ${where}` : what);
const keysFix: ApiErrorFix = { label: 'Open API keys', route: '/settings/keys' };

/**
 * A node's words for a method it does not have, whatever its code: Ganache answers an unknown method with -32700
 * (a parse error) and `The method eth_getBlockReceipts does not exist/is not available`.
 */
const METHOD_MISSING = /\bdoes not exist\/is not available\b|\bmethod not found\b|\bmethod [\w.]+ (?:is )?not (?:supported|found)\b/i;
/**
 * A node's words for state it no longer keeps (a full node asked about an old block): geth's and Nethermind's
 * `missing trie node`, Reth's and Erigon's historical-state refusals, a provider's "archive" plan, and Anvil with
 * `--prune-history`, which answers `BlockOutOfRangeError: block height is 6 but requested was 1`, and the sandbox's
 * gateway (`the state at block 5 is not available: …`).
 */
/** A node's words for a block whose history it dropped (geth's 4444 "pruned history unavailable", EIP-4444's expiry). */
const HISTORY_PRUNED = /pruned history|history (?:has been |is )?(?:pruned|expired)|expired history/i;
const STATE_PRUNED = /missing trie node|historical state|state (?:at block \S+ )?(?:is )?(?:not available|unavailable|pruned)|state histor(?:y|ies)|archive (?:state|data|node)|pruned/i;
const BELOW_KEPT_HEIGHT = /block height is (\d+) but requested was (\d+)/i;
/** HTTP statuses of a proxy or gateway whose node is down: the request may work again soon. */
const GATEWAY_DOWN = new Set([502, 503, 504]);

/** Whether JSON-RPC error data carries the hosted service's `backoff_seconds`. */
export function hasBackoff(data: unknown): data is { backoff_seconds: number; current_rps?: unknown; allowed_rps?: unknown } {
  return typeof data === 'object' && data !== null && typeof (data as { backoff_seconds?: unknown }).backoff_seconds === 'number';
}

/** Whether the node said it keeps no state of the block asked (see {@link STATE_PRUNED}). */
function statePruned(facts: RpcErrorFacts): boolean {
  if (facts.rpcCode === undefined) return false;
  const text = facts.rpcMessage ?? '';
  const below = BELOW_KEPT_HEIGHT.exec(text);
  return STATE_PRUNED.test(text) || (below !== null && Number(below[2]) < Number(below[1]));
}

/** The log planner's signal in a refusal of `eth_getLogs`, in any provider's dialect (`dialects/logLimitDialects.ts`). */
const logLimitIn = (facts: RpcErrorFacts, method: string | undefined): LogLimitSignal | undefined => logLimitOf({ code: facts.rpcCode, message: facts.rpcMessage, data: facts.rpcData }, method);

/**
 * Every way a request to a node fails, in the order they are told apart, each with its contract kind and its words:
 * the one place a node's failure is classified. Order matters: an HTTP 429 carries -32005 too, and a 401 is told
 * by its status before anything else (its body is plain text, not JSON-RPC). A gateway's -32603 that is no revert
 * (`nodeFailed`) means its node failed under it: work waits and tries again, as for a node that is down.
 */
export const NODE_FAILURES = [
  row('aborted', 'AbortError', 'cancelled', (facts) => facts.kind === 'aborted', () => ({ code: 'ABORTED', shortMessage: 'The request was cancelled.' })),
  row('apiKeyMissing', 'MissingApiKeyError', 'credentials', (facts) => facts.status === 401 && /required/i.test(facts.httpBody ?? ''), (facts) => ({
    code: 401,
    shortMessage: 'The service needs an API key for this network.',
    ...said(facts.httpBody),
    details: 'Enter the key in Settings → Keys.',
    fix: keysFix,
  })),
  row('apiKeyRejected', 'InvalidApiKeyError', 'credentials', (facts) => facts.status === 401, (facts) => ({
    code: 401,
    shortMessage: 'The service rejected the API key.',
    ...said(facts.httpBody),
    details: 'Check the key in Settings → Keys.',
    fix: keysFix,
  })),
  // Before statePruned, whose words ("pruned") it shares: a block dropped whole, not only its state.
  row('historyPruned', 'HistoryPrunedError', 'unsupported', (facts) => facts.rpcCode === RPC_CODE.historyPruned || HISTORY_PRUNED.test(message(facts)), (facts, asked) =>
    asked.localSandbox
      ? {
          code: 'HISTORY_PRUNED',
          shortMessage: 'The Local sandbox no longer keeps this block.',
          ...said(facts.rpcMessage),
          details:
            'The Local sandbox keeps its seeded blocks and its latest live blocks (Settings → Sandbox says how many; more when started with --live-blocks N), so that it stays the same size however long it runs: an older live block, with its transactions, receipts and logs, was dropped. Log queries and an address\'s history pass over the dropped blocks, and say which.',
          ...nodeData(facts),
        }
      : {
          code: 'HISTORY_PRUNED',
          shortMessage: 'The node no longer keeps this block.',
          ...said(facts.rpcMessage),
          details: 'The node expires old history (EIP-4444): old blocks, their transactions, receipts and logs are gone from it. Reading them needs a node that keeps the whole history: add this chain with such an endpoint in Settings → Networks.',
          fix: { label: 'Add a network', route: '/settings/networks/new' },
          ...nodeData(facts),
        },
  ),
  row('statePruned', 'StatePrunedError', 'unsupported', statePruned, (facts, asked) =>
    asked.localSandbox
      ? {
          code: 'STATE_PRUNED',
          shortMessage: 'The Local sandbox keeps no state of the block asked.',
          ...said(facts.rpcMessage),
          details:
            'The Local sandbox keeps the state of its seeded blocks and of its latest live blocks only (Settings → Sandbox says how many; more when started with --live-states N), so that it stays the same size however long it runs: an older live block\'s balances, nonces, code or storage cannot be read.',
        }
      : {
          code: 'STATE_PRUNED',
          shortMessage: 'The node keeps no state of the block asked.',
          ...said(facts.rpcMessage),
          details: 'Reading an old block\'s balances, nonces, code or storage needs an archive node: add this chain with an archive endpoint in Settings → Networks.',
          fix: { label: 'Add a network', route: '/settings/networks/new' },
        },
  ),
  row('accessDenied', 'AccessDeniedError', 'credentials', (facts) => facts.status === 403 || facts.rpcCode === RPC_CODE.resourceUnavailable, (facts) => ({
    code: facts.rpcCode ?? 403,
    shortMessage: "The service refused the request under the key's settings.",
    ...said(facts.rpcMessage ?? facts.httpBody),
    details: "The key's allowlists (methods, contract addresses, origins) do not allow it. Change them in the service's dashboard, or use another key.",
  })),
  row('quotaExceeded', 'QuotaExceededError', 'limit', (facts) => message(facts).includes('daily request count exceeded'), (facts) => ({
    code: facts.rpcCode ?? 429,
    shortMessage: "The key's daily request quota is used up.",
    ...said(facts.rpcMessage),
    details: 'Requests work again when the quota resets, or with another key.',
  })),
  row('rateLimited', 'RateLimitedError', 'limit', (facts) => facts.status === 429 || message(facts).includes('rate exceeded') || hasBackoff(facts.rpcData), (facts) => {
    const data = hasBackoff(facts.rpcData) ? facts.rpcData : undefined;
    const wait = data?.backoff_seconds ?? retryAfterSeconds(facts.retryAfter);
    return {
      code: 429,
      shortMessage: "The service's request rate limit for this key was reached.",
      ...said(facts.rpcMessage ?? facts.httpBody),
      details: `Blockglass retried as the service asked; try again ${wait !== undefined ? `in ${wait} s` : 'in a moment'}, or send fewer requests at once.`,
      data: { backoffSeconds: wait, currentRps: data?.current_rps, allowedRps: data?.allowed_rps },
    };
  }),
  row('logLimit', 'LogLimitExceededError', 'limit', (facts, method) => logLimitIn(facts, method) !== undefined, (facts, asked) => ({
    ...logLimitWords(logLimitIn(facts, asked.method)!, facts.rpcCode, facts.rpcData),
    ...said(facts.rpcMessage),
  })),
  row('limitExceeded', 'LimitExceededError', 'limit', (facts) => facts.rpcCode === RPC_CODE.limitExceeded, (facts) => ({
    code: facts.rpcCode ?? RPC_CODE.limitExceeded,
    shortMessage: 'The request exceeds a limit of the service.',
    ...said(facts.rpcMessage),
    details: 'Ask for less at once: fewer addresses and topics, a narrower range, a smaller batch.',
    ...nodeData(facts),
  })),
  // A revert in any node's words or shape (geth's 3, Hardhat's -32603, Ganache's -32000, Nethermind's -32015).
  row('reverted', 'ExecutionRevertedError', 'reverted', (facts) => facts.rpcCode !== undefined && (facts.rpcCode === RPC_CODE.reverted || facts.revert.reverted || message(facts).startsWith('execution reverted')), (facts) => {
    const reason = reasonIn(facts.rpcMessage ?? '');
    const withData = facts.revert.reverted && facts.revert.data !== null;
    return {
      code: facts.rpcCode ?? RPC_CODE.reverted,
      shortMessage: reason ? `The call reverted: ${snippet(reason)}` : withData ? 'The call reverted; its revert data is attached.' : 'The call reverted without data.',
      ...said(facts.rpcMessage),
      details: reason
        ? 'The contract refused the call with this reason.'
        : withData
          ? 'The contract refused the call. Its revert data names the error: import the contract’s ABI to decode a custom error.'
          : 'The contract refused the call without saying why (a bare revert, an invalid opcode, or out of gas).',
      ...nodeData(facts),
    };
  }),
  row('methodNotFound', 'MethodNotFoundError', 'unsupported', (facts) => facts.rpcCode === RPC_CODE.methodNotFound || facts.rpcCode === RPC_CODE.methodNotSupported || METHOD_MISSING.test(message(facts)), (facts, asked) => ({
    code: facts.rpcCode ?? RPC_CODE.methodNotFound,
    shortMessage: asked.method ? `The node does not offer ${asked.method}.` : 'The node does not offer the method asked.',
    details: "The service may not support it on this network, or the key's plan may not include it.",
    ...said(facts.rpcMessage),
  })),
  row('invalidParams', 'InvalidParamsError', 'refused', (facts) => facts.rpcCode === RPC_CODE.invalidParams, (facts) => ({
    code: facts.rpcCode ?? RPC_CODE.invalidParams,
    shortMessage: "The node refused the request's parameters.",
    details: 'Check what was asked: an address, a block number or a filter may not be in the form this node accepts.',
    ...said(facts.rpcMessage),
    ...nodeData(facts),
  })),
  row('nodeFailed', 'NodeFailedError', 'unreachable', (facts) => facts.rpcCode === RPC_CODE.internalError, (facts, asked) => ({
    code: facts.rpcCode ?? 'RPC_ERROR',
    shortMessage: `${theNode(asked.where)} failed while answering.`,
    details: 'It, or the node behind it, may be restarting or overloaded. Try again; a live view keeps retrying by itself.',
    ...said(facts.rpcMessage),
    ...nodeData(facts),
  })),
  row('rpc', 'RpcError', 'refused', (facts) => facts.rpcCode !== undefined, (facts) => ({
    code: facts.rpcCode ?? 'RPC_ERROR',
    shortMessage: 'The node refused the request.',
    ...said(facts.rpcMessage),
    ...nodeData(facts),
  })),
  row('timeout', 'TimeoutError', 'timeout', (facts) => facts.kind === 'timeout', (_facts, asked) => timedOut(asked)),
  row('tooLarge', 'ResponseTooLargeError', 'limit', (facts) => facts.kind === 'tooLarge', (facts, asked) => {
    const cap = facts.sizes?.maxSize ?? asked.maxResponseBytes;
    return {
      code: 'RESPONSE_TOO_LARGE',
      shortMessage: `The node's answer is larger than the ${cap !== undefined ? byteSize(cap) : 'size'} limit.`,
      details: 'Ask for less at once: a narrower block range, fewer items in a batch.',
      ...(facts.sizes ? { data: { maxBytes: facts.sizes.maxSize, receivedBytes: facts.sizes.size } } : {}),
    };
  }),
  row('gatewayDown', 'HttpError', 'unreachable', (facts) => facts.status !== undefined && GATEWAY_DOWN.has(facts.status), (facts, asked) => ({
    ...httpFailure(facts, asked),
    details: 'The node behind it may be down or restarting. Try again; a live view keeps retrying by itself.',
  })),
  row('http', 'HttpError', 'refused', (facts) => facts.status !== undefined, httpFailure),
  row('notJsonRpc', 'InvalidAnswerError', 'badAnswer', (facts) => facts.kind === 'notJson', (_facts, asked) => ({
    code: 'NOT_JSON_RPC',
    shortMessage: `The answer of ${asked.where || 'the node'} is not JSON-RPC.`,
    details: 'The address may not be a JSON-RPC endpoint: check it in the network settings.',
  })),
  row('networkDown', 'NetworkDownError', 'unreachable', (facts) => facts.systemCode === 'ECONNREFUSED', (_facts, asked) => ({
    code: 'ECONNREFUSED',
    shortMessage: `Nothing answers at ${asked.where || 'the address'}: the connection was refused.`,
    details: 'The node is down or the address is wrong. For the Local network, check that the sandbox is running.',
  })),
  row('hostNotFound', 'HostNotFoundError', 'unreachable', (facts) => facts.systemCode === 'ENOTFOUND' || facts.systemCode === 'EAI_AGAIN', (facts, asked) => ({
    code: 'HOST_NOT_FOUND',
    data: { systemCode: facts.systemCode ?? 'ENOTFOUND' },
    shortMessage: `The host ${hostOnly(asked.where) || 'of the address'} could not be found.`,
    details: 'Check the address and the internet connection.',
  })),
  row('connectTimeout', 'TimeoutError', 'timeout', (facts) => facts.systemCode === 'UND_ERR_CONNECT_TIMEOUT' || facts.systemCode === 'ETIMEDOUT', (_facts, asked) => timedOut(asked)),
  row('socketClosed', 'SocketClosedError', 'unreachable', (facts) => facts.kind === 'socketClosed', (_facts, asked) => ({
    code: 'SOCKET_CLOSED',
    shortMessage: `The WebSocket connection to ${asked.where || 'the node'} closed.`,
    details: 'Live views reconnect by themselves.',
  })),
  row('network', 'NetworkError', 'unreachable', (facts) => facts.systemCode !== undefined || facts.kind === 'network', (facts, asked) => ({
    code: 'NETWORK',
    ...(facts.systemCode ? { data: { systemCode: facts.systemCode } } : {}),
    shortMessage: `The connection to ${asked.where || 'the node'} failed.`,
    details: 'The network or the node dropped it. Try again; a live view reconnects by itself.',
    ...said(facts.message),
  })),
  row('unknown', 'UnknownRpcError', 'internal', () => true, (facts) => ({
    code: 'UNKNOWN',
    shortMessage: 'The request failed for a reason Blockglass does not recognise.',
    ...said(firstLine(facts.message) || facts.name),
  })),
] as const;

/** A case of {@link NODE_FAILURES}: what services that must tell two cases of one kind apart read (`NodeError.failure`). */
export type NodeFailure = (typeof NODE_FAILURES)[number]['failure'];

/** The row of {@link NODE_FAILURES} that tells `facts` (the last row takes anything). */
export function classifyNodeFailure(facts: RpcErrorFacts, method?: string): (typeof NODE_FAILURES)[number] {
  return NODE_FAILURES.find((candidate) => candidate.when(facts, method))!;
}

function timedOut(asked: AskedFacts): NodeFailureWords {
  return {
    code: 'TIMEOUT',
    shortMessage: `${theNode(asked.where)} did not answer within ${seconds(asked.timeoutMs)}.`,
    details: 'It may be overloaded or unreachable. Try again; a live view keeps retrying by itself.',
  };
}

function httpFailure(facts: RpcErrorFacts, asked: AskedFacts): NodeFailureWords {
  return {
    code: facts.status ?? 'RPC_ERROR',
    shortMessage: `${theNode(asked.where, 'The server')} answered with an HTTP error: ${httpReason(facts.status)}.`,
    ...said(facts.httpBody),
  };
}
