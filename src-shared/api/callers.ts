import { z } from 'zod';
import { topic } from './define';
import type { TransactionRow } from './explorer';
import { addressSchema } from './explorer';
import type { NotKeptRange } from './notKept';

// Part of area `history` (gathered by history.ts): who called a contract, and what came into an account, found on
// the node without an indexer (issue 40): the blocks where the address's state changed, by bisection on
// eth_getProof, then the transactions of those blocks that touched it.

/**
 * How a transaction touched the address: `created` (it deployed the contract), `called` (sent to it), `emitted` (its
 * receipt has a log from it: it was called inside another call), `internal` (its state changed in that block with
 * neither: its call tree reached it in an inner call or transfer; or, with no transaction named, the block's change),
 * `received` (an account: a transaction sent it value).
 */
export type CallerTouch = 'created' | 'called' | 'emitted' | 'internal' | 'received';

/** A transaction that called the address or changed its state; or, for `internal`, a block where something did. */
export interface CallerRow {
  /** The transaction hash, or `block:<n>` for a change no transaction of the block explains on its face. */
  id: string;
  /** Null for an `internal` change no transaction of its block was found behind (its call trees not read). */
  transactionHash: string | null;
  blockNumber: string;
  /** The block's timestamp (0x hex seconds). */
  timestamp: string;
  touch: CallerTouch;
  /** The sender; null for an `internal` change of a block. */
  from: string | null;
  to: string | null;
  method: TransactionRow['method'] | null;
  /**
   * Wei (decimal string): the transaction's value; for an `internal` transaction, what its inner calls sent the
   * address; for an `internal` block, what the address's balance gained in it beyond its transactions' (0 when none).
   */
  value: string;
  status: TransactionRow['status'] | null;
  /** Logs the address emitted in this transaction. */
  logs: number;
}

/** How the changes were found: the address's whole state (`proof`: storage root, balance, nonce, code), or where the node refuses eth_getProof its balance and its logs (`balance`). */
export type CallersMode = 'proof' | 'balance';

/** A callers scan's events: how it will look, progress while it bisects and reads, rows as found, then the count. */
export type CallersEvent =
  | {
      kind: 'start';
      mode: CallersMode;
      /** The first block looked at now (0x hex): where an earlier visit's kept rows end, the contract's creation block, or 0 (a first visit with eth_getProof, which finds the creation). */
      from: string;
      head: string;
      isContract: boolean;
      /** The block up to which what was found was kept on this machine from an earlier visit; null when all is read now. */
      keptUpTo: string | null;
      /** Where the node refused eth_getProof: its words. */
      proofRefused: string | null;
    }
  | { kind: 'progress'; phase: 'bisecting' | 'reading'; stateReads: number; changedBlocks: number; blocksRead: number; requests: number }
  | { kind: 'rows'; rows: CallerRow[] }
  | {
      kind: 'done';
      head: string;
      /** The first block of its history (0x hex): the contract's creation block, or 0 for an account. */
      from: string;
      count: number;
      changedBlocks: number;
      requests: number;
      /** Runs of blocks whose state the node does not keep, oldest first: a change there is found only through the logs. */
      notKept: NotKeptRange[];
    };

/** The topics of area `history` for callers (spread into `historyTopics`). */
export const callersTopics = {
  'history.callers': topic<CallersEvent>()({
    mode: 'stream',
    input: z.strictObject({ networkId: z.string().min(1), address: addressSchema }),
    doc:
      'Who called a contract, or what came into an account, without an indexer: the blocks from its creation (an account: ' +
      'block 0) to the head where its state changed, by bisection on eth_getProof (storage root, balance, nonce, code; each ' +
      'level in one batch; where two blocks agree no change between them is assumed), with the blocks holding its logs; then ' +
      'in each, the transactions sent to it, those whose receipts hold its logs, else the change said as internal. Where the ' +
      'node refuses eth_getProof: its balance and its logs. Found below the finalized block is kept; a later visit reads only the newer blocks.',
  }),
};
