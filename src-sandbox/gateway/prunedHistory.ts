import { rpcError, type RpcErrorObject } from './rpcErrors';
import { isPlainObject } from './validateRequest';

/**
 * The live node's history window as the gateway answers it (docs/design-notes.md, "The live node's history window"):
 * every seeded block is kept, and of the live blocks those from `floor` on. A live block below the floor was dropped
 * when the live node was last renewed.
 */
export interface HistoryWindow {
  /** The last seeded block. */
  seededTo: number;
  /** The oldest live block the node still holds (`seededTo + 1` while none was dropped). */
  floor(): number;
}

/**
 * geth's answer for a block whose history it no longer holds (EIP-4444 history expiry; geth 1.16's
 * `PrunedHistoryError`): code 4444, "pruned history unavailable". `data.kept` says which blocks the sandbox keeps, as
 * block ranges in a filter's words (`toBlock` `latest` for the live ones), so a client scanning logs can pass over the
 * others rather than stop.
 */
export const PRUNED_HISTORY_CODE = 4444;
export const prunedHistory = (window: { seededTo: number; floor: number }): RpcErrorObject =>
  rpcError(PRUNED_HISTORY_CODE, 'pruned history unavailable', {
    kept: [
      { fromBlock: '0x0', toBlock: `0x${window.seededTo.toString(16)}` },
      { fromBlock: `0x${window.floor.toString(16)}`, toBlock: 'latest' },
    ],
  });

/** Methods that read a block by its number, and the index of that parameter. */
const BLOCK_NUMBER_PARAM: Readonly<Record<string, number>> = {
  eth_getBlockByNumber: 0,
  eth_getBlockReceipts: 0,
  eth_getBlockTransactionCountByNumber: 0,
  eth_getTransactionByBlockNumberAndIndex: 0,
  eth_getUncleCountByBlockNumber: 0,
  eth_getUncleByBlockNumberAndIndex: 0,
};

const HEX_NUMBER = /^0x[0-9a-fA-F]{1,64}$/;

/**
 * The refusal a request gets when it reads blocks the live node dropped: a block read by number (or EIP-1898
 * `{blockNumber}`) in the gap, or an eth_getLogs whose range reaches into it (a tag reaches no further back than
 * `earliest`, which is seeded, or the head, which is kept). Undefined for anything else (a block asked for by hash is
 * answered by the node: null when it is gone, as geth answers an unknown hash).
 */
export function prunedHistoryRefusal(method: string, params: unknown, window: HistoryWindow): RpcErrorObject | undefined {
  const floor = window.floor();
  if (floor <= window.seededTo + 1 || !Array.isArray(params)) return undefined;
  const inGap = (n: bigint | undefined) => n !== undefined && n > BigInt(window.seededTo) && n < BigInt(floor);
  const refusal = () => prunedHistory({ seededTo: window.seededTo, floor });
  if (method === 'eth_getLogs') {
    const filter: unknown = params[0];
    if (!isPlainObject(filter) || filter.blockHash !== undefined) return undefined;
    const from = numberOf(filter.fromBlock) ?? 'head';
    if (from === 'head') return undefined;
    const to = numberOf(filter.toBlock) ?? 'head';
    const end = to === 'head' ? BigInt(floor) : to; // the head is at or past the floor
    return from < BigInt(floor) && end > BigInt(window.seededTo) && from <= end ? refusal() : undefined;
  }
  const index = BLOCK_NUMBER_PARAM[method];
  if (index === undefined) return undefined;
  const block: unknown = params[index];
  const number = isPlainObject(block) ? numberOf(block.blockNumber) : numberOf(block);
  return number !== 'head' && inGap(number) ? refusal() : undefined;
}

/** A block parameter's number: `earliest` is 0, a hex number its value, another tag (`latest`, `safe`…) the head's. */
function numberOf(value: unknown): bigint | 'head' | undefined {
  if (value === undefined || value === null) return undefined;
  if (value === 'earliest') return 0n;
  if (typeof value !== 'string') return undefined;
  if (HEX_NUMBER.test(value)) return BigInt(value);
  return 'head';
}
