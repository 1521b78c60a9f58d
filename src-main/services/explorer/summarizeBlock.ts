import type { BlockSummary, RpcObject, TransactionRow } from '../../../src-shared/api/explorer';
import type { Decoder } from '../decoding/createDecoder';

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** What a block card or row shows. */
export function summarizeBlock(block: RpcObject): BlockSummary {
  const transactions = Array.isArray(block.transactions) ? block.transactions : [];
  return {
    number: str(block.number) ?? '0x0',
    hash: str(block.hash) ?? '',
    timestamp: str(block.timestamp) ?? '0x0',
    miner: str(block.miner) ?? '',
    transactionCount: transactions.length,
    gasUsed: str(block.gasUsed) ?? '0x0',
    gasLimit: str(block.gasLimit) ?? '0x0',
    baseFeePerGas: str(block.baseFeePerGas),
  };
}

/** gasUsed × effectiveGasPrice (the fee paid, wei, hex), or null without a receipt. */
export function feeOf(receipt: RpcObject | null | undefined): string | null {
  const used = str(receipt?.gasUsed);
  const price = str(receipt?.effectiveGasPrice);
  return used && price ? `0x${(BigInt(used) * BigInt(price)).toString(16)}` : null;
}

/** A receipt's outcome: `status` 0x1 / 0x0, or success for pre-Byzantium receipts that carry a `root`. */
export function outcomeOf(receipt: RpcObject | null | undefined): TransactionRow['status'] {
  if (!receipt) return 'pending';
  if (receipt.status === '0x0') return 'failed';
  return 'success';
}

/** The rows of a block's table: each transaction with its receipt's outcome and its method named. */
export async function transactionRows(
  networkId: string,
  block: RpcObject,
  receipts: RpcObject[] | null,
  decoder: Decoder,
  labelOf: (address: string) => string | undefined = () => undefined,
): Promise<TransactionRow[]> {
  const transactions = ((block.transactions as unknown[] | undefined) ?? []).filter((tx): tx is RpcObject => typeof tx === 'object' && tx !== null);
  return Promise.all(
    transactions.map(async (tx, index) => {
      const receipt = receipts?.[index];
      const to = str(tx.to);
      const fromLabel = labelOf(str(tx.from) ?? '');
      const toLabel = labelOf(to ?? str(receipt?.contractAddress) ?? '');
      return {
        ...(fromLabel ? { fromLabel } : {}),
        ...(toLabel ? { toLabel } : {}),
        hash: str(tx.hash) ?? '',
        index,
        blockNumber: str(tx.blockNumber),
        from: str(tx.from) ?? '',
        to,
        createdContract: str(receipt?.contractAddress),
        value: str(tx.value) ?? '0x0',
        fee: feeOf(receipt),
        gasUsed: str(receipt?.gasUsed),
        status: outcomeOf(receipt),
        type: str(tx.type) ?? '0x0',
        method: await decoder.methodLabel(networkId, to, str(tx.input) ?? '0x'),
      };
    }),
  );
}
