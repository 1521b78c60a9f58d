// How nodes and providers refuse an `eth_getLogs` over their limits (reference/NODE-DIALECTS.md), in one table.
// Providers reword their sentences, so each row matches a shape: the JSON-RPC code, a few key phrases, and
// where a range or a limit sits (the message or `error.data`). A refusal no row matches is not a log limit:
// it stays a plain failure in the node's own words.

/** What a node's refusal says about its log limits, in the terms the log planner acts on. JSON-safe. */
export type LogLimitSignal =
  /** Too many results, with a range the node says fits (`Try with this block range [0xA, 0xB]`). */
  | { kind: 'range'; from: number; to: number; results?: number }
  /** The widest block range one request may span, stated by the node. */
  | { kind: 'limit'; blocks: number }
  /** Refused for too many results, too large an answer, a timeout, a span or a limit it does not name: halve. */
  | { kind: 'halve'; reason: 'results' | 'size' | 'timeout' | 'span' | 'unknown'; results?: number }
  /** The endpoint does not offer `eth_getLogs` at all: no narrower range helps. */
  | { kind: 'disabled' };

/** One provider's way of refusing: its codes, the key phrases of its message, and what they tell. */
export interface LogLimitDialect {
  /** Who answers this way, as NODE-DIALECTS.md names them. */
  who: string;
  /** JSON-RPC codes of the answer (an HTTP 400 or 413 with a JSON-RPC body is read as that body). */
  codes: readonly number[] | 'any';
  /** Matches only answers to this method (a "method not found" means this only for `eth_getLogs`). */
  method?: string;
  /** Key phrases of the message; the captures are what `read` needs. */
  shape: RegExp;
  read(match: RegExpExecArray, data: unknown, message: string): LogLimitSignal;
}

/** The longest part of a message the table reads. */
const MAX_MESSAGE = 2_000;

/** The result limit a message names: `more than 10000 results`, `a cap of 10K logs`. */
const resultsNamed = (text: string | undefined) => count(text);

/** A refusal for too many results: the range in `data` (the hosted service's) or the message, else halve. */
const resultsRefusal =
  (resultsAt?: number) =>
  (match: RegExpExecArray, data: unknown, message: string): LogLimitSignal => {
    const results = resultsAt === undefined ? undefined : resultsNamed(match[resultsAt]);
    const hint = rangeInData(data) ?? rangeInMessage(message);
    const named = results === undefined ? {} : { results };
    return hint ? { kind: 'range', ...hint, ...named } : { kind: 'halve', reason: 'results', ...named };
  };

/** A span refusal that names its limit (in `data.limit`, else capture 1); without a usable one, halve. */
const spanLimit = (match: RegExpExecArray, data: unknown): LogLimitSignal => {
  const blocks = limitInData(data) ?? count(match[1]);
  return blocks !== undefined && blocks >= 1 ? { kind: 'limit', blocks } : { kind: 'halve', reason: 'span' };
};

const halve =
  (reason: Extract<LogLimitSignal, { kind: 'halve' }>['reason']) =>
  (): LogLimitSignal => ({ kind: 'halve', reason });

/**
 * The table, most specific first: the first row whose code, method and shape match gives the signal. Rows
 * for a span say `limit` only where the node names a number; a hint range is taken from `data` or the message.
 */
export const LOG_LIMIT_DIALECTS: readonly LogLimitDialect[] = [
  // -32005 `query returned more than 10000 results. Try with this block range [0xA, 0xB].`, data {from, to, limit}
  { who: 'the hosted service (Infura-style), results', codes: [-32005], shape: /\bmore than ([\d,]+k?) results\b/i, read: resultsRefusal(1) },
  // -32602 `Query returned more than 10000 results. Try with this block range [0x0, 0x30f].`
  { who: 'zkSync Era node, results', codes: [-32602], shape: /\bmore than ([\d,]+k?) results\b/i, read: resultsRefusal(1) },
  // -32008 `Response is too big`: what zkSync answers for its own hinted range
  { who: 'zkSync Era node, size', codes: [-32008], shape: /\bresponse is too (?:big|large)\b/i, read: halve('size') },
  // -32602 `Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range and no limit on
  // the response size, or you can request any block range with a cap of 10K logs in the response. Based on your
  // parameters and the response size limit, this block range should work: [0xA, 0xB]`: the "2K block range" is an
  // alternative, not this refusal's limit.
  { who: 'Alchemy, results/size', codes: [-32602], shape: /\blog response size exceeded\b(?:[\s\S]*?\bcap of ([\d,]+k?) logs\b)?/i, read: resultsRefusal(1) },
  // -32600 (HTTP 400) `You can make eth_getLogs requests with up to a 500 block range. Based on your parameters, this
  // block range should work: [0xA, 0xB]`
  { who: 'Alchemy-style, span', codes: [-32600, -32602], shape: /\beth_getLogs requests with up to a ([\d,]+k?) block range\b/i, read: spanLimit },
  // -32602 `range 1000000 exceeds limit of 10000` (the sandbox adds data {from, to, limit})
  { who: 'Infura live API (and the hosted service), span', codes: [-32602], shape: /\brange \d+ exceeds limit of ([\d,]+)/i, read: spanLimit },
  // -32614 (HTTP 413) `eth_getLogs is limited to a 10,000 range`
  { who: 'QuickNode, span', codes: [-32614], shape: /\blimited to an? ([\d,]+k?)(?: block)? range\b/i, read: spanLimit },
  // -32602 `query block range exceeds server limit, narrow your filter: 5.`
  { who: 'Erigon, span', codes: [-32602], shape: /\bblock range exceeds server limit\b\D*([\d,]+)/i, read: spanLimit },
  // -32005 `block range too large, max range: N`
  { who: 'Erigon forks (cdk), span', codes: [-32005], shape: /\bblock range too large\b\D*?\bmax range\b\D*([\d,]+)/i, read: spanLimit },
  // -32602 `query exceeds max block range 5000`; geth forks: -32000 `exceed maximum block range: 5000`
  { who: 'Reth and geth forks, span', codes: [-32602, -32000], shape: /\bexceeds? max(?:imum)? block range\b\D*([\d,]+)/i, read: spanLimit },
  // -32000 `block range is larger than max block range, block range = 5120, max block range = 5000`
  { who: 'L2 nodes (Morph), span', codes: [-32000], shape: /\bmax block range = ([\d,]+)/i, read: spanLimit },
  // -32000 `block range is bigger than maxBlockRange`: no number
  { who: 'geth forks (Scroll), span', codes: [-32000], shape: /\bblock range is (?:bigger|larger) than maxBlockRange\b/i, read: halve('span') },
  // -32600 `block range too high`: no number
  { who: 'small RPCs, span', codes: [-32600], shape: /\bblock range too (?:high|large|wide)\b/i, read: halve('span') },
  // -32005 `query timeout exceeded`
  { who: 'the hosted service, timeout', codes: [-32005], shape: /\btime(?:d )?out\b/i, read: halve('timeout') },
  // -32005 `limit exceeded`, alone: what public BNB Chain endpoints answer with eth_getLogs turned off, even for one
  // block. Other nodes say the same of a limit they do not name, so it is halved; a single block refused this way
  // ends the run saying the endpoint may not offer eth_getLogs.
  { who: 'BNB public endpoints (eth_getLogs disabled), a limit not named', codes: [-32005], shape: /^\s*limit exceeded\.?\s*$/i, read: halve('unknown') },
  // A node without the method: -32601 `the method eth_getLogs does not exist/is not available`, -32004 not supported
  { who: 'a node or plan without eth_getLogs', codes: [-32601, -32004], method: 'eth_getLogs', shape: /[\s\S]*/, read: () => ({ kind: 'disabled' }) },
  // Any code, the method named as turned off: `eth_getLogs is disabled`, `method eth_getLogs is not available`
  {
    who: 'endpoints that turned eth_getLogs off',
    codes: 'any',
    // Anchored at the start, so a revert reason or an echoed input that mentions the method is never read as this.
    shape: /^\W*(?:the\s+)?(?:method\s+)?eth_getLogs\b[^.]*?\b(?:disabled|not (?:available|supported|allowed|enabled)|unavailable|turned off)\b/i,
    read: () => ({ kind: 'disabled' }),
  },
  // Last: a refusal of eth_getLogs in words no row above knows but that speak of a limit (`query returned too many
  // results`, `response size exceeded`, `block range limit`): halved. A single block refused this way ends the run
  // with the node's words (the planner cannot narrow one block).
  {
    who: 'any node, a limit in words no row knows',
    codes: 'any',
    method: 'eth_getLogs',
    // Not a rate limit, nor a cap on the filter's addresses or topics: a narrower range would not help those.
    shape: /^(?![\s\S]*\b(?:rate|requests|per second|parameters?|addresses|topics)\b)[\s\S]*?\b(?:too (?:many|large|big|much|wide)|exceed(?:s|ed|ing)?|limit(?:s|ed)?|range|results?|response size)\b/i,
    read: halve('unknown'),
  },
];

/**
 * The log-limit signal of a node's JSON-RPC error, or undefined when no dialect's shape matches (the error is
 * then no log limit, and is shown in the node's own words).
 */
export function logLimitOf(error: { code: number | undefined; message: string | undefined; data?: unknown }, method?: string): LogLimitSignal | undefined {
  if (error.code === undefined || !error.message) return undefined;
  // Every known shape is a sentence or two: a node's message of megabytes is not scanned whole by every row.
  const message = error.message.slice(0, MAX_MESSAGE);
  for (const dialect of LOG_LIMIT_DIALECTS) {
    if (dialect.codes !== 'any' && !dialect.codes.includes(error.code)) continue;
    if (dialect.method !== undefined && dialect.method !== method) continue;
    const match = dialect.shape.exec(message);
    if (match) return dialect.read(match, error.data, message);
  }
  return undefined;
}

/** Whether `value` is a {@link LogLimitSignal} with sound numbers (it is read back from an error's data). */
export function isLogLimitSignal(value: unknown): value is LogLimitSignal {
  if (typeof value !== 'object' || value === null) return false;
  const signal = value as Record<string, unknown>;
  const block = (n: unknown) => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;
  const results = signal.results === undefined || block(signal.results);
  switch (signal.kind) {
    case 'range':
      return block(signal.from) && block(signal.to) && (signal.to as number) >= (signal.from as number) && results;
    case 'limit':
      return block(signal.blocks) && (signal.blocks as number) >= 1;
    case 'halve':
      return ['results', 'size', 'timeout', 'span', 'unknown'].includes(signal.reason as string) && results;
    case 'disabled':
      return true;
    default:
      return false;
  }
}

/** `[0xA, 0xB]` in a message (the hosted service's, zkSync's and Alchemy's hint). */
function rangeInMessage(message: string): { from: number; to: number } | undefined {
  const found = /\[\s*(0x[0-9a-f]{1,13})\s*,\s*(0x[0-9a-f]{1,13})\s*\]/i.exec(message);
  return found ? ordered(Number.parseInt(found[1]!, 16), Number.parseInt(found[2]!, 16)) : undefined;
}

/** `{ from, to }` in error data, each 0x hex or a number (the hosted service's hint). */
function rangeInData(data: unknown): { from: number; to: number } | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { from, to } = data as { from?: unknown; to?: unknown };
  const a = blockNumber(from);
  const b = blockNumber(to);
  return a === undefined || b === undefined ? undefined : ordered(a, b);
}

/** `data.limit` of a span refusal (the sandbox's and the hosted service's). */
function limitInData(data: unknown): number | undefined {
  const limit = typeof data === 'object' && data !== null ? (data as { limit?: unknown }).limit : undefined;
  return typeof limit === 'number' && Number.isSafeInteger(limit) && limit >= 1 ? limit : undefined;
}

function ordered(from: number, to: number): { from: number; to: number } | undefined {
  return Number.isSafeInteger(from) && Number.isSafeInteger(to) && from <= to ? { from, to } : undefined;
}

function blockNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
  if (typeof value !== 'string' || !/^0x[0-9a-f]{1,13}$/i.test(value)) return undefined;
  return Number.parseInt(value, 16);
}

/** A count as providers write it: `10000`, `10,000`, `10K`, `2k`. */
function count(text: string | undefined): number | undefined {
  const found = text === undefined ? null : /^([\d,]+)(k?)$/i.exec(text.trim());
  if (!found) return undefined;
  const n = Number(found[1]!.replace(/,/g, '')) * (found[2] ? 1000 : 1);
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}
