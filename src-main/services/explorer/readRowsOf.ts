import type { RpcObject } from '../../../src-shared/api/explorer';
import type { RowWithInput } from '../chains/blockReader';
import type { Decoder } from '../decoding/createDecoder';
import type { RpcService } from '../rpc/createRpcService';
import { transactionRows } from './summarizeBlock';

/**
 * The rows of one block's transactions sent from or to `address`, read lightly: the block with its transactions,
 * and the receipts of those transactions only (together: the rpc service batches them), decoded as the explorer's
 * rows are. A block of 600 transactions of which the address sent one costs one receipt, not 600 decoded rows.
 * Null when the node has no such block. A receipt from another block (the chain moved between the reads) reads
 * the block again.
 */
export async function readRowsOf(
  deps: { rpc: Pick<RpcService, 'request'>; decoder: Decoder; labelOf: (address: string) => string | undefined },
  networkId: string,
  block: bigint,
  address: string,
  signal?: AbortSignal,
): Promise<{ rows: RowWithInput[]; timestamp: string } | null> {
  const me = address.toLowerCase();
  for (let attempt = 0; ; attempt++) {
    const full = await deps.rpc.request<RpcObject | null>(networkId, 'eth_getBlockByNumber', [`0x${block.toString(16)}`, true], { signal });
    if (!full) return null;
    const all = Array.isArray(full.transactions) ? (full.transactions as RpcObject[]) : [];
    const mine = all.filter((tx) => typeof tx === 'object' && tx !== null && (String(tx.from).toLowerCase() === me || String(tx.to).toLowerCase() === me));
    const receipts = await Promise.all(mine.map((tx) => deps.rpc.request<RpcObject | null>(networkId, 'eth_getTransactionReceipt', [tx.hash], { signal })));
    if (receipts.some((receipt) => receipt && receipt.blockHash !== full.hash) && attempt < 2) continue;
    // A missing receipt (null) reads as pending, as in the block table.
    const rows = await transactionRows(networkId, { ...full, transactions: mine }, receipts as RpcObject[], deps.decoder, deps.labelOf);
    return {
      rows: rows.map((row, i) => {
        const index = mine[i]!.transactionIndex;
        const nonce = mine[i]!.nonce;
        return {
          ...row,
          index: typeof index === 'string' ? Number(BigInt(index)) : all.indexOf(mine[i]!),
          input: typeof mine[i]!.input === 'string' ? (mine[i]!.input as string) : '0x',
          nonce: typeof nonce === 'string' && /^0x[0-9a-fA-F]+$/.test(nonce) ? Number(BigInt(nonce)) : null,
        };
      }),
      timestamp: typeof full.timestamp === 'string' ? full.timestamp : '0x0',
    };
  }
}
