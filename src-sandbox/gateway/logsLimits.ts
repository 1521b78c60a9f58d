import { invalidParams, rpcError, RpcCode, type RpcErrorObject } from './rpcErrors';
import { isPlainObject } from './validateRequest';

/** A block reference in a filter: a number, or a tag the node resolves. */
export type BlockRef = { kind: 'number'; value: number } | { kind: 'tag'; tag: 'latest' | 'earliest' | 'pending' | 'safe' | 'finalized' };

/** eth_getLogs filter fields the limits look at (everything else is passed through untouched). */
export interface LogsFilter {
  raw: Record<string, unknown>;
  fromBlock: BlockRef | undefined;
  toBlock: BlockRef | undefined;
  blockHash: unknown;
}

const TAGS = new Set(['latest', 'earliest', 'pending', 'safe', 'finalized']);
const HEX_QUANTITY = /^0x[0-9a-fA-F]{1,16}$/;

/** Checks that params are `[filterObject]` with well-formed block fields. */
export function readLogsFilter(params: unknown): LogsFilter | RpcErrorObject {
  if (!Array.isArray(params) || params.length !== 1 || !isPlainObject(params[0])) {
    return invalidParams('invalid params: eth_getLogs expects [filter object]');
  }
  const raw = params[0];
  const fromBlock = readBlockRef(raw.fromBlock);
  const toBlock = readBlockRef(raw.toBlock);
  if (fromBlock === null) return invalidParams('invalid params: fromBlock must be a hex block number or a block tag');
  if (toBlock === null) return invalidParams('invalid params: toBlock must be a hex block number or a block tag');
  return { raw, fromBlock, toBlock, blockHash: raw.blockHash };
}

/** Reads a block field: undefined when absent, null when malformed. */
export function readBlockRef(value: unknown): BlockRef | undefined | null {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') return null;
  if (TAGS.has(value)) return { kind: 'tag', tag: value as Extract<BlockRef, { kind: 'tag' }>['tag'] };
  if (!HEX_QUANTITY.test(value)) return null;
  const n = Number.parseInt(value.slice(2), 16);
  return Number.isSafeInteger(n) ? { kind: 'number', value: n } : null;
}

/** True when a filter is malformed in a way the node would refuse anyway (not a FilterError). */
export function isFilterError(value: LogsFilter | RpcErrorObject): value is RpcErrorObject {
  return 'code' in value;
}

/** Counts the filter's parameters: each address, and each topic including each entry of an OR-list. */
export function countFilterParams(filter: Record<string, unknown>): number {
  let count = 0;
  const { address, topics } = filter;
  if (typeof address === 'string') count += 1;
  else if (Array.isArray(address)) count += address.length;
  if (Array.isArray(topics)) {
    for (const topic of topics) {
      if (Array.isArray(topic)) count += topic.length;
      else if (topic !== null && topic !== undefined) count += 1;
    }
  }
  return count;
}

/** -32005 when the filter has more parameters than allowed, else undefined. */
export function paramsLimitError(filter: Record<string, unknown>, limit: number): RpcErrorObject | undefined {
  const count = countFilterParams(filter);
  if (count <= limit) return undefined;
  return rpcError(RpcCode.limitExceeded, `query exceeds limit of ${limit} parameters`, { limit, count });
}

/** -32602 when blockHash is combined with fromBlock/toBlock (geth's and Anvil's wording). */
export function blockHashConflictError(filter: LogsFilter): RpcErrorObject | undefined {
  const hasHash = filter.blockHash !== undefined && filter.blockHash !== null;
  if (!hasHash || (filter.fromBlock === undefined && filter.toBlock === undefined)) return undefined;
  return invalidParams('cannot specify both blockHash and fromBlock/toBlock, choose one or the other');
}

/** -32602 when [from, to] spans more blocks than allowed (the live service's wording), else undefined. */
export function blockRangeError(from: number, to: number, limit: number): RpcErrorObject | undefined {
  const range = to - from + 1;
  if (range <= limit) return undefined;
  return invalidParams(`range ${range} exceeds limit of ${limit}`, { from: toHex(from), to: toHex(to), limit });
}

/**
 * The largest prefix [from, X] of the asked range whose logs fit within the limit. When even the
 * first block holding logs overflows the limit on its own, the hint is that single block.
 * `blockNumbers` holds one entry per log, in any order.
 */
export function resultLimitHint(blockNumbers: readonly number[], from: number, limit: number): { from: number; to: number } {
  const perBlock = new Map<number, number>();
  for (const block of blockNumbers) perBlock.set(block, (perBlock.get(block) ?? 0) + 1);
  const blocks = [...perBlock.keys()].sort((a, b) => a - b);
  let total = 0;
  for (const block of blocks) {
    total += perBlock.get(block)!;
    if (total > limit) {
      const start = Math.min(from, block);
      return { from: start, to: Math.max(start, block - 1) };
    }
  }
  // Not reachable when called for an over-limit result; answer the whole span anyway.
  const last = blocks.at(-1) ?? from;
  return { from, to: last };
}

/** -32005 for too many results, with the hosted service's hint message and data. */
export function tooManyResultsError(hint: { from: number; to: number }, limit: number): RpcErrorObject {
  const from = toHex(hint.from);
  const to = toHex(hint.to);
  return rpcError(
    RpcCode.limitExceeded,
    `query returned more than ${limit} results. Try with this block range [${from}, ${to}].`,
    { from, to, limit },
  );
}

/** -32005 for a query that ran past its time limit. */
export const queryTimeoutError = (): RpcErrorObject => rpcError(RpcCode.limitExceeded, 'query timeout exceeded');

function toHex(n: number): string {
  return `0x${n.toString(16)}`;
}
