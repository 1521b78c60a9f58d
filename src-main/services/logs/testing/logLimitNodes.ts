// Model nodes that refuse `eth_getLogs` over their limits the way each provider of reference/NODE-DIALECTS.md does:
// the same codes, HTTP statuses, words and hints. The planner's property test runs against them in memory, and
// the dialect fault test puts them in a proxy in front of the real sandbox.

/** A block range of one request, both ends included. */
export interface LogRange {
  from: number;
  to: number;
}

/** A model node's limits: the widest range, the most logs in one answer, the most logs its answers may hold by size. */
export interface NodeLimits {
  blocks: number;
  results: number;
  /** zkSync: a range within `results` can still be refused as too big an answer above this many logs. */
  size: number;
}

/** A JSON-RPC error object as a node sends it. */
export interface NodeError {
  code: number;
  message: string;
  data?: unknown;
}

/** One provider's way of refusing, as a model node. */
export interface LogLimitNode {
  who: string;
  /** The HTTP status the provider sends the refusal with (its body is JSON-RPC all the same). */
  status: number;
  /** `limit` when the node states its span limit in numbers: a run learns it, and the next run asks within it. */
  states?: 'limit';
  /** `every log` unless the endpoint refuses every query (eth_getLogs turned off). */
  outcome: 'every log' | 'refused';
  /** The refusal of a request for `range`, or undefined when the node answers it. `logsIn` counts the logs of a range. */
  refuse(range: LogRange, logsIn: (from: number, to: number) => number, limits: NodeLimits): NodeError | undefined;
}

const hex = (n: number) => `0x${n.toString(16)}`;
const span = ({ from, to }: LogRange) => to - from + 1;

/** The widest range from `range.from` whose logs fit `max` (the block alone when even it does not). */
function fitting(range: LogRange, logsIn: (from: number, to: number) => number, max: number): LogRange {
  let to = range.from;
  while (to < range.to && logsIn(range.from, to + 1) <= max) to += 1;
  return { from: range.from, to };
}

/** A span refusal in a provider's words, when `range` is wider than the limit. */
const spanNode =
  (words: (range: LogRange, limit: number) => NodeError) =>
  (range: LogRange, _logsIn: unknown, limits: NodeLimits): NodeError | undefined =>
    span(range) > limits.blocks ? words(range, limits.blocks) : undefined;

/** A node that refuses a range holding more than its result limit, in `words` naming a range that fits. */
const hintNode =
  (words: (hint: LogRange, results: number) => NodeError) =>
  (range: LogRange, logsIn: (from: number, to: number) => number, limits: NodeLimits): NodeError | undefined =>
    logsIn(range.from, range.to) > limits.results ? words(fitting(range, logsIn, limits.results), limits.results) : undefined;

/** Every dialect of NODE-DIALECTS.md's eth_getLogs table that a model can play. */
export const LOG_LIMIT_NODES: readonly LogLimitNode[] = [
  {
    who: 'the hosted service, results',
    status: 200,
    outcome: 'every log',
    refuse: hintNode((hint, results) => ({
      code: -32005,
      message: `query returned more than ${results} results. Try with this block range [${hex(hint.from)}, ${hex(hint.to)}].`,
      data: { from: hex(hint.from), to: hex(hint.to), limit: results },
    })),
  },
  {
    who: 'the hosted service, timeout',
    status: 200,
    outcome: 'every log',
    refuse: (range, logsIn, { results }) => (logsIn(range.from, range.to) > results ? { code: -32005, message: 'query timeout exceeded' } : undefined),
  },
  // No row of the table knows these words, but they speak of a limit: a multi-block range is halved all the same.
  {
    who: 'a provider in words no row knows, results',
    status: 200,
    outcome: 'every log',
    refuse: (range, logsIn, { results }) => (logsIn(range.from, range.to) > results ? { code: -32614, message: 'query returned too many results' } : undefined),
  },
  { who: 'Infura live API, span', status: 200, states: 'limit', outcome: 'every log', refuse: spanNode((range, limit) => ({ code: -32602, message: `range ${span(range)} exceeds limit of ${limit}` })) },
  {
    who: 'Alchemy, results/size',
    status: 200,
    outcome: 'every log',
    refuse: hintNode((hint, results) => ({
      code: -32602,
      message: `Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range and no limit on the response size, or you can request any block range with a cap of ${results} logs in the response. Based on your parameters and the response size limit, this block range should work: [${hex(hint.from)}, ${hex(hint.to)}]`,
    })),
  },
  {
    who: 'Alchemy-style, span',
    status: 400,
    states: 'limit',
    outcome: 'every log',
    refuse: spanNode((range, limit) => ({ code: -32600, message: `You can make eth_getLogs requests with up to a ${limit} block range. Based on your parameters, this block range should work: [${hex(range.from)}, ${hex(range.from + limit - 1)}]` })),
  },
  { who: 'QuickNode, span', status: 413, states: 'limit', outcome: 'every log', refuse: spanNode((_range, limit) => ({ code: -32614, message: `eth_getLogs is limited to a ${limit.toLocaleString('en-US')} range` })) },
  {
    who: 'zkSync Era node, results then size',
    status: 200,
    outcome: 'every log',
    refuse(range, logsIn, { results, size }) {
      const logs = logsIn(range.from, range.to);
      if (logs > results) {
        const hint = fitting(range, logsIn, results);
        return { code: -32602, message: `Query returned more than ${results} results. Try with this block range [${hex(hint.from)}, ${hex(hint.to)}].` };
      }
      return logs > size ? { code: -32008, message: 'Response is too big' } : undefined;
    },
  },
  { who: 'Erigon, span', status: 200, states: 'limit', outcome: 'every log', refuse: spanNode((_range, limit) => ({ code: -32602, message: `query block range exceeds server limit, narrow your filter: ${limit}.` })) },
  { who: 'Erigon forks (cdk), span', status: 200, states: 'limit', outcome: 'every log', refuse: spanNode((_range, limit) => ({ code: -32005, message: `block range too large, max range: ${limit}` })) },
  { who: 'Reth, span', status: 200, states: 'limit', outcome: 'every log', refuse: spanNode((_range, limit) => ({ code: -32602, message: `query exceeds max block range ${limit}` })) },
  { who: 'geth forks (Scroll), span without a number', status: 200, outcome: 'every log', refuse: spanNode(() => ({ code: -32000, message: 'block range is bigger than maxBlockRange' })) },
  {
    who: 'L2 nodes (Morph), span',
    status: 200,
    states: 'limit',
    outcome: 'every log',
    refuse: spanNode((range, limit) => ({ code: -32000, message: `block range is larger than max block range, block range = ${span(range)}, max block range = ${limit}` })),
  },
  { who: 'small RPCs, span without a number', status: 200, outcome: 'every log', refuse: spanNode(() => ({ code: -32600, message: 'block range too high' })) },
  { who: 'BNB public endpoints, eth_getLogs turned off', status: 200, outcome: 'refused', refuse: () => ({ code: -32005, message: 'limit exceeded' }) },
];
