import type { RpcObject } from '../../../src-shared/api/explorer';
import { BlockglassError } from '../errors/blockglassError';
import type { RpcService } from '../rpc/createRpcService';
import { blockParam, type BlockRef } from '../chains/blockRef';
import { blockReceipts, lacksBlockReceipts, noteBlockReceiptsFailure } from './blockReceipts';

type Rpc = Pick<RpcService, 'request'>;

/** A block with full transactions, its receipts (null while pending), uncles, and where the chain stood. */
export interface BlockRead {
  block: RpcObject | null;
  receipts: RpcObject[] | null;
  uncles: (RpcObject | null)[];
  head: string;
  /** The finalized block's number, or null when the node has no such tag. */
  finalized: string | null;
}


/**
 * Reads a block the fastest way the node allows: the block with its transactions, `eth_getBlockReceipts`,
 * the head and the finalized block go out together (one batch); a node without `eth_getBlockReceipts` gets
 * one `eth_getTransactionReceipt` per transaction, in one batch, from then on.
 */
export async function readBlock(rpc: Rpc, networkId: string, ref: BlockRef, signal?: AbortSignal): Promise<BlockRead> {
  const options = { signal };
  const param = ref.kind === 'hash' ? ref.hash : blockParam(ref);
  const blockCall = ref.kind === 'hash' ? rpc.request<RpcObject | null>(networkId, 'eth_getBlockByHash', [ref.hash, true], options) : rpc.request<RpcObject | null>(networkId, 'eth_getBlockByNumber', [param, true], options);
  const wantReceipts = !lacksBlockReceipts(networkId) && !(ref.kind === 'tag' && ref.tag === 'pending');
  const receiptsCall = wantReceipts ? rpc.request<RpcObject[] | null>(networkId, 'eth_getBlockReceipts', [param], options).catch((error: unknown) => {
    noteBlockReceiptsFailure(networkId, error);
    return undefined;
  }) : Promise.resolve(undefined);
  const headCall = rpc.request<string>(networkId, 'eth_blockNumber', [], options);
  const finalizedCall = rpc.request<RpcObject | null>(networkId, 'eth_getBlockByNumber', ['finalized', false], options).catch(() => null);
  const [block, firstReceipts, head, finalizedBlock] = await Promise.all([blockCall, receiptsCall, headCall, finalizedCall]);
  checkShape(head, block);
  const finalized = typeof finalizedBlock?.number === 'string' && QUANTITY.test(finalizedBlock.number) ? finalizedBlock.number : null;
  if (!block) return { block: null, receipts: null, uncles: [], head, finalized };

  const hash = typeof block.hash === 'string' ? block.hash : null;
  const transactions = (block.transactions as RpcObject[] | undefined) ?? [];
  let receipts: RpcObject[] | null = null;
  if (hash) {
    // A tag may have moved between the two reads: receipts count only when they are this block's.
    const matches = (list: RpcObject[] | null | undefined) => Array.isArray(list) && list.length === transactions.length && list.every((receipt) => receipt.blockHash === hash);
    receipts = matches(firstReceipts) ? firstReceipts! : null;
    if (!receipts && transactions.length > 0) receipts = await blockReceipts(rpc, networkId, hash, transactions.map((tx) => String(tx.hash)), signal);
    receipts ??= [];
  }
  const uncleHashes = (block.uncles as string[] | undefined) ?? [];
  const uncles = hash && uncleHashes.length > 0 ? await Promise.all(uncleHashes.map((_, index) => rpc.request<RpcObject | null>(networkId, 'eth_getUncleByBlockHashAndIndex', [hash, `0x${index.toString(16)}`], options))) : [];
  return { block, receipts, uncles, head, finalized };
}

const QUANTITY = /^0x(0|[1-9a-fA-F][0-9a-fA-F]{0,63})$/;
const HASH = /^0x[0-9a-fA-F]{64}$/;

/**
 * The fields the explorer reckons with, checked before anything is computed from them: a node (or something in
 * front of it) that answers with another shape gets an error that says so, not an exception from deep inside.
 */
function checkShape(head: unknown, block: unknown): void {
  const wrong = (what: string, value: unknown) =>
    Object.assign(
      new BlockglassError(`The node's answer is not a block: ${what}.`, {
        code: 'INVALID_ANSWER',
        details: `It sent ${JSON.stringify(value)?.slice(0, 120) ?? String(value)}. The node, or a proxy in front of it, answered with something else than the JSON-RPC spec's shape.`,
      }),
      { name: 'InvalidAnswerError' },
    );
  if (typeof head !== 'string' || !QUANTITY.test(head)) throw wrong('the head (eth_blockNumber) is not a hex quantity', head);
  if (block === null) return;
  if (typeof block !== 'object' || Array.isArray(block)) throw wrong('not an object', block);
  const { number, hash, transactions } = block as Record<string, unknown>;
  // A pending block may have no number and no hash yet.
  if (number !== null && (typeof number !== 'string' || !QUANTITY.test(number))) throw wrong('its number is not a hex quantity', number);
  if (hash !== null && (typeof hash !== 'string' || !HASH.test(hash))) throw wrong('its hash is not 32 bytes of hex', hash);
  if (transactions !== undefined && !Array.isArray(transactions)) throw wrong('its transactions are not a list', transactions);
}
