import type { GatewayLimits } from './gatewayLimits';
import {
  blockHashConflictError,
  blockRangeError,
  isFilterError,
  paramsLimitError,
  queryTimeoutError,
  readLogsFilter,
  resultLimitHint,
  tooManyResultsError,
  type BlockRef,
} from './logsLimits';
import { errorReply, replyFromAnswer } from './replyBytes';
import { isResultTail, withClientId, type UpstreamHttp } from './upstreamHttp';
import { isPlainObject, type RpcRequest } from './validateRequest';

type LogsLimits = Pick<GatewayLimits, 'logsMaxResults' | 'logsMaxParams' | 'logsMaxBlockRange' | 'logsTimeoutMs'>;

/** Runs eth_getLogs under the hosted service's limits: parameters, block range, result count, duration. */
export async function runLogsQuery(request: RpcRequest, upstream: UpstreamHttp, limits: LogsLimits): Promise<Buffer> {
  const filter = readLogsFilter(request.params);
  if (isFilterError(filter)) return errorReply(request.id, filter);
  const early = paramsLimitError(filter.raw, limits.logsMaxParams) ?? blockHashConflictError(filter);
  if (early !== undefined) return errorReply(request.id, early);

  // One deadline covers resolving the range and the query itself; aborting it cancels the
  // upstream HTTP request, so the node's work is not left running for nobody.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), limits.logsTimeoutMs);
  const signal = controller.signal;
  try {
    let from: number | undefined;
    if (filter.blockHash === undefined || filter.blockHash === null) {
      const head = new HeadCache(upstream, signal);
      from = await resolveBlock(filter.fromBlock, head, upstream, signal);
      const to = await resolveBlock(filter.toBlock, head, upstream, signal);
      const rangeError = blockRangeError(from, to, limits.logsMaxBlockRange);
      if (rangeError !== undefined) return errorReply(request.id, rangeError);
    }
    const answer = await upstream.exchange('eth_getLogs', request.params, signal);
    // Most answers are within the limit, and parsing 10,000 logs only to count them cost the sandbox more than
    // the node took to find them: a log's object is the only object in the result (its topics are a list of
    // hex strings), so the `{` bytes are at least as many as the logs. Only an answer that may be over is parsed.
    if (answer.tail !== undefined && isResultTail(answer.tail) && countBytes(answer.tail, OPEN_BRACE) <= limits.logsMaxResults) {
      return withClientId(request.id, answer.tail);
    }
    const parsed = answer.parse();
    if ('error' in parsed || !Array.isArray(parsed.result)) return replyFromAnswer(request.id, answer);
    const logs = parsed.result;
    if (logs.length > limits.logsMaxResults) {
      const blocks = logs.map(blockNumberOf).filter((n): n is number => n !== undefined);
      // A blockHash query has no asked range: the hint starts at the block the logs come from.
      const start = from ?? blocks.reduce((a, b) => Math.min(a, b), Number.MAX_SAFE_INTEGER);
      return errorReply(request.id, tooManyResultsError(resultLimitHint(blocks, start, limits.logsMaxResults), limits.logsMaxResults));
    }
    // Within limits: hand back the node's bytes, only re-addressed to the client's id.
    return answer.tail !== undefined ? withClientId(request.id, answer.tail) : replyFromAnswer(request.id, answer);
  } catch (error) {
    if (signal.aborted) return errorReply(request.id, queryTimeoutError());
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** Fetches the head once per query, only if a tag needs it. */
class HeadCache {
  private head: Promise<number> | undefined;
  constructor(
    private readonly upstream: UpstreamHttp,
    private readonly signal: AbortSignal,
  ) {}
  get(): Promise<number> {
    this.head ??= this.upstream.call('eth_blockNumber', [], this.signal).then(quantityToNumber);
    return this.head;
  }
}

async function resolveBlock(ref: BlockRef | undefined, head: HeadCache, upstream: UpstreamHttp, signal: AbortSignal): Promise<number> {
  if (ref === undefined) return head.get(); // the filter default is `latest`
  if (ref.kind === 'number') return ref.value;
  switch (ref.tag) {
    case 'earliest':
      return 0;
    case 'latest':
    case 'pending':
      return head.get();
    case 'safe':
    case 'finalized': {
      // The node decides how far behind the head these are; ask it rather than guess.
      const block = await upstream.call('eth_getBlockByNumber', [ref.tag, false], signal);
      return isPlainObject(block) ? quantityToNumber(block.number) : head.get();
    }
  }
}

const OPEN_BRACE = 0x7b;

/** How many times `byte` occurs in `bytes`. */
export function countBytes(bytes: Buffer, byte: number): number {
  let count = 0;
  for (let at = bytes.indexOf(byte); at !== -1; at = bytes.indexOf(byte, at + 1)) count++;
  return count;
}

function blockNumberOf(log: unknown): number | undefined {
  if (!isPlainObject(log) || typeof log.blockNumber !== 'string') return undefined; // pending logs have none
  return quantityToNumber(log.blockNumber);
}

function quantityToNumber(value: unknown): number {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]+$/.test(value)) {
    throw new Error(`upstream returned a malformed quantity`);
  }
  return Number.parseInt(value.slice(2), 16);
}
