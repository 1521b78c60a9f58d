import type { RpcObject } from '../../../src-shared/api/explorer';
import { findErrorOfKind } from '../errors/blockglassError';
import type { RpcService } from '../rpc/createRpcService';

type Rpc = Pick<RpcService, 'request'>;

/** Networks whose node answered eth_getBlockReceipts with "method not found" (Hardhat, older geth): receipts one by one. */
const noBlockReceipts = new Set<string>();

/** The node answered that it does not offer the method (-32601, the service's -32004, a dialect's words for it). */
const isMethodMissing = (error: unknown) => findErrorOfKind(error, 'unsupported') !== null;

/** Whether the network's node is known to lack `eth_getBlockReceipts`. */
export function lacksBlockReceipts(networkId: string): boolean {
  return noBlockReceipts.has(networkId);
}

/** Notes the answer of an `eth_getBlockReceipts` that failed: "method not found" means one receipt per transaction from then on. */
export function noteBlockReceiptsFailure(networkId: string, error: unknown): void {
  if (isMethodMissing(error)) noBlockReceipts.add(networkId);
}

/**
 * The receipts of block `blockHash`, in its transactions' order: `eth_getBlockReceipts` where the node has it,
 * else one `eth_getTransactionReceipt` per transaction, sent together (NODE-DIALECTS.md: Hardhat answers -32004).
 * Null when the node has not all of them (a block reorganised away meanwhile).
 */
export async function blockReceipts(rpc: Rpc, networkId: string, blockHash: string, transactionHashes: readonly string[], signal?: AbortSignal): Promise<RpcObject[] | null> {
  if (transactionHashes.length === 0) return [];
  const matches = (list: RpcObject[] | null | undefined) => Array.isArray(list) && list.length === transactionHashes.length && list.every((receipt) => receipt.blockHash === blockHash);
  if (!noBlockReceipts.has(networkId)) {
    const whole = await rpc.request<RpcObject[] | null>(networkId, 'eth_getBlockReceipts', [blockHash], { signal }).catch((error: unknown) => {
      if (signal?.aborted) throw error;
      noteBlockReceiptsFailure(networkId, error);
      return undefined;
    });
    if (matches(whole)) return whole!;
  }
  const each = await Promise.all(transactionHashes.map((hash) => rpc.request<RpcObject | null>(networkId, 'eth_getTransactionReceipt', [hash], { signal })));
  return each.every((receipt) => receipt !== null) ? (each as RpcObject[]) : null;
}
