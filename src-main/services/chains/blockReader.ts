import type { BlockView, TransactionRow } from '../../../src-shared/api/explorer';

/** A block's row of a transaction, with its call data (to name its method again later, e.g. after an ABI import) and its sender's nonce. */
export type RowWithInput = TransactionRow & { input: string; nonce: number | null };

/**
 * How a service reads blocks decoded and cached (the explorer's reads, finalized blocks kept on this machine): a
 * service that needs them takes a `BlockReader` from the composition root (app/createAppServices.ts) instead of
 * importing the explorer.
 */
export interface BlockReader {
  block(networkId: string, id: string, signal?: AbortSignal): Promise<BlockView>;
  /** One block's rows of the transactions from or to `address` (with their call data), read without the rest of the block; null for no such block. */
  rowsOf(networkId: string, block: bigint, address: string, signal?: AbortSignal): Promise<{ rows: RowWithInput[]; timestamp: string } | null>;
  /** A method's name for call data sent to `to`, as the rows name it (imported ABIs, metadata, the signature database). */
  methodLabel(networkId: string, to: string | null, input: string): Promise<TransactionRow['method']>;
}
