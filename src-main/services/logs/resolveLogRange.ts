import type { LogQuery } from '../../../src-shared/logs/types';
import { LogRangeError } from './logsErrors';

/** Sends one JSON-RPC request to the query's network. */
export type LogRequest = <T>(method: string, params: unknown[], signal?: AbortSignal) => Promise<T>;

/** A query's range with its tags resolved against the chain, and the head it was resolved at. */
export interface ResolvedRange {
  from: number;
  to: number;
  head: number;
  /** The toBlock asked, when it lay past the head (the range then ends at the head: later blocks have no logs yet). */
  pastHead?: number;
}

const TAGS = new Set(['latest', 'earliest', 'pending', 'safe', 'finalized']);
const hexNumber = (value: unknown): number => (typeof value === 'string' && /^0x[0-9a-f]+$/i.test(value) ? Number.parseInt(value, 16) : Number.NaN);

/**
 * Turns a (valid) query's block fields into numbers: tags against the chain (`latest` and `pending` are the
 * head, `safe` and `finalized` as the node says, `earliest` 0), a missing field is `latest` (the spec's
 * default), a blockHash is its block's number twice. Fails with a sentence when the hash is not on the chain
 * or the range runs backwards once resolved.
 */
export async function resolveLogRange(request: LogRequest, query: LogQuery, networkName: string, signal?: AbortSignal): Promise<ResolvedRange> {
  const head = hexNumber(await request<string>('eth_blockNumber', [], signal));
  if (query.blockHash) {
    const block = await request<{ number?: string } | null>('eth_getBlockByHash', [query.blockHash, false], signal);
    if (!block || typeof block.number !== 'string') {
      throw new LogRangeError(`No block ${query.blockHash} on ${networkName}.`, `The chain's head is block ${head}. Check the hash, or query by block numbers.`);
    }
    const number = hexNumber(block.number);
    return { from: number, to: number, head };
  }
  const resolve = async (field: string | undefined): Promise<number> => {
    const value = (field ?? 'latest').trim();
    if (!TAGS.has(value)) return value.startsWith('0x') ? Number.parseInt(value, 16) : Number.parseInt(value, 10);
    if (value === 'earliest') return 0;
    if (value === 'latest' || value === 'pending') return head;
    const block = await request<{ number?: string } | null>('eth_getBlockByNumber', [value, false], signal);
    return block && typeof block.number === 'string' ? hexNumber(block.number) : 0;
  };
  const from = await resolve(query.fromBlock);
  const asked = await resolve(query.toBlock);
  if (from > head) {
    throw new LogRangeError(`fromBlock ${from} is past the chain's head (block ${head}).`, 'No block there has logs yet. Ask for blocks up to the head, or follow new logs with the live tail.');
  }
  const to = Math.min(asked, head);
  if (from > to) {
    throw new LogRangeError(
      `The range runs backwards: fromBlock is block ${from} and toBlock block ${to} once tags are resolved.`,
      `The chain's head is block ${head}. Make fromBlock the earlier block.`,
    );
  }
  return { from, to, head, ...(asked > head ? { pastHead: asked } : {}) };
}
