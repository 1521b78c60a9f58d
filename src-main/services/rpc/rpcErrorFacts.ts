// SECURITY: the facts gathered here still carry raw text from viem, fetch and the node (viem's messages
// include the URL, which holds the key). They are for `nodeError` only, which redacts what it keeps.
import { revertPayload, type RevertPayload } from './dialects/revertPayload';

/** What a failed request's error says, in plain fields, gathered from the whole cause chain. */
export interface RpcErrorFacts {
  /** viem's name of the outermost error (`HttpRequestError`, `TimeoutError`, …). */
  name: string;
  /** HTTP status of the answer, when there was one (also from a refused WebSocket upgrade). */
  status?: number;
  /** JSON-RPC error code, message (the node's own words) and data, when the node answered with one. */
  rpcCode?: number;
  rpcMessage?: string;
  rpcData?: unknown;
  /** Text of a non-JSON-RPC HTTP answer, e.g. `invalid project id` of a 401. */
  httpBody?: string;
  /** The `Retry-After` header of the answer. */
  retryAfter?: string;
  /** System error code under fetch or the socket: `ECONNREFUSED`, `ENOTFOUND`, `UND_ERR_SOCKET`, … */
  systemCode?: string;
  /** Failures without an answer that viem names. */
  kind?: 'timeout' | 'aborted' | 'tooLarge' | 'socketClosed' | 'network' | 'notJson';
  /** Size cap and bytes received, for `tooLarge`. */
  sizes?: { maxSize: number; size: number };
  /** The address that was asked (may hold the key: redact before showing). */
  url?: string;
  /** The innermost message, for errors nothing else explains. */
  message: string;
  /** Whether the node said the call reverted (in any dialect: `dialects/revertPayload.ts`), and its bytes if it sent them. */
  revert: RevertPayload;
}

type Link = Record<string, unknown>;

const MAX_DEPTH = 12;
const SYSTEM_CODE = /^(E[A-Z0-9_]{2,}|UND_ERR_[A-Z_]+|ERR_[A-Z_]+|CERT_[A-Z_]+|UNABLE_TO_[A-Z_]+|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN)$/;
const SYSTEM_CODE_IN_TEXT = /\b(E(?:CONNREFUSED|CONNRESET|NOTFOUND|HOSTUNREACH|NETUNREACH|TIMEDOUT|PIPE|AI_AGAIN|ADDRNOTAVAIL))\b/;
const NETWORK_FAILURE = /fetch failed|socket hang up|other side closed|WebSocket was closed before/i;
const WS_UPGRADE_STATUS = /Unexpected server response: (\d{3})/;

/** The facts of `error`: walks `cause` (and an `ErrorEvent`'s `error`) from the outside in. */
export function rpcErrorFacts(error: unknown): RpcErrorFacts {
  const chain = causeChain(error);
  const outer = chain[0] ?? {};
  const facts: RpcErrorFacts = { name: typeof outer.name === 'string' ? outer.name : 'Error', message: '', revert: revertPayload(error) };

  for (const link of chain) {
    const name = typeof link.name === 'string' ? link.name : '';
    if (facts.status === undefined && typeof link.status === 'number') facts.status = link.status;
    if (facts.url === undefined && typeof link.url === 'string') facts.url = link.url;
    if (facts.retryAfter === undefined) facts.retryAfter = headerOf(link.headers, 'retry-after');
    if (typeof link.code === 'number') {
      facts.rpcCode ??= link.code;
      // The innermost link with a code is the node's own error object: its message is the node's words.
      if (typeof link.message === 'string') facts.rpcMessage = link.message;
    }
    if (facts.rpcData === undefined && link.data !== undefined && typeof link.code === 'number') facts.rpcData = link.data;
    if (facts.systemCode === undefined && typeof link.code === 'string' && SYSTEM_CODE.test(link.code)) facts.systemCode = link.code;
    if (name === 'HttpRequestError' && typeof link.status === 'number' && typeof link.details === 'string') {
      facts.httpBody ??= unquote(link.details);
    }
    if (name === 'TimeoutError') facts.kind ??= 'timeout';
    if (name === 'AbortError') facts.kind ??= 'aborted';
    if (name === 'SocketClosedError') facts.kind ??= 'socketClosed';
    if (name === 'SyntaxError') facts.kind ??= 'notJson';
    if (name === 'ResponseBodyTooLargeError') {
      facts.kind ??= 'tooLarge';
      if (typeof link.maxSize === 'number' && typeof link.size === 'number') facts.sizes = { maxSize: link.maxSize, size: link.size };
    }
    if (typeof link.message === 'string') {
      facts.message = link.message;
      facts.systemCode ??= SYSTEM_CODE_IN_TEXT.exec(link.message)?.[1];
      if (NETWORK_FAILURE.test(link.message)) facts.kind ??= 'network';
      const upgrade = WS_UPGRADE_STATUS.exec(link.message);
      if (upgrade && facts.status === undefined) facts.status = Number(upgrade[1]);
    }
  }
  // A refusal over HTTP 400 or 413 whose body is a JSON-RPC error (Alchemy's and QuickNode's log limits) is read
  // as that body: viem's transport keeps it as the HTTP error's text.
  if (facts.rpcCode === undefined && (facts.status === 400 || facts.status === 413) && facts.httpBody) {
    const body = jsonRpcErrorIn(facts.httpBody);
    if (body) {
      facts.rpcCode = body.code;
      facts.rpcMessage = body.message;
      if (body.data !== undefined) facts.rpcData = body.data;
    }
  }
  // A node's JSON-RPC error answered with HTTP 200 has no status; a plain HTTP failure has no code.
  if (facts.rpcCode !== undefined && facts.rpcMessage === undefined) facts.rpcMessage = facts.message;
  return facts;
}

/** The error and its causes, outermost first, as plain records (cycles and depth bounded). */
function causeChain(error: unknown): Link[] {
  const chain: Link[] = [];
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current !== null && typeof current === 'object' && !seen.has(current) && chain.length < MAX_DEPTH) {
    seen.add(current);
    const link = current as Link;
    chain.push(link);
    // ws reports failures as an ErrorEvent whose `error` is the Error.
    current = link.cause ?? (link.type === 'error' ? link.error : undefined);
  }
  if (chain.length === 0) chain.push({ message: String(error) });
  return chain;
}

function headerOf(headers: unknown, name: string): string | undefined {
  if (headers && typeof (headers as { get?: unknown }).get === 'function') {
    const value = (headers as { get(name: string): string | null }).get(name);
    return value ?? undefined;
  }
  return undefined;
}

/** The JSON-RPC error object of an HTTP body: the error itself (as viem keeps it) or a whole answer holding one. */
function jsonRpcErrorIn(text: string): { code: number; message: string; data?: unknown } | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  const error = typeof parsed === 'object' && parsed !== null && 'error' in parsed ? (parsed as { error: unknown }).error : parsed;
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message, data } = error as { code?: unknown; message?: unknown; data?: unknown };
  return typeof code === 'number' && Number.isSafeInteger(code) && typeof message === 'string' ? { code, message, ...(data !== undefined ? { data } : {}) } : undefined;
}

/** viem keeps a text body as its JSON string (`"invalid project id\n"`); this gives the text back. */
function unquote(details: string): string {
  try {
    const parsed: unknown = JSON.parse(details);
    return (typeof parsed === 'string' ? parsed : details).trim();
  } catch {
    return details.trim();
  }
}
