import { z } from 'zod';
import { topic } from './define';
import type { TransactionRow } from './explorer';
import { addressSchema } from './explorer';

// Area `history`: what an address did, found on any standard JSON-RPC node without an indexer (issue 29).

/** A transaction the address sent: the block's row for it, with its nonce and the block's time. */
export interface SentTransactionRow extends TransactionRow {
  nonce: number;
  /** The block's timestamp (0x hex seconds). */
  timestamp: string;
}

/** What a page of sent transactions came to. */
export interface SentPage {
  address: string;
  /** The address's nonce at `head`: how many transactions it has sent. */
  nonce: number;
  /** The block the nonce was read at (0x hex). */
  head: string;
  /** Newest first: nonces `next` (or 0) up to `before` − 1. */
  rows: SentTransactionRow[];
  /** The nonce to ask `before` for the next, older page; null when this page reached nonce 0. */
  next: number | null;
  /** Requests for the address's nonce this page sent to the node (the head's included); none for what was known. */
  requests: number;
}

/** A page's progress, then the page. */
export type SentEvent =
  | { kind: 'progress'; located: number; of: number; requests: number }
  | { kind: 'page'; page: SentPage };

/** The largest page of sent transactions. */
export const MAX_SENT_PAGE = 100;

/** The subscriptions of area `history`. */
export const historyTopics = {
  'history.sent': topic<SentEvent>()({
    mode: 'stream',
    input: z.strictObject({
      networkId: z.string().min(1),
      address: addressSchema,
      /** Page below this nonce (exclusive); the newest page when absent. */
      before: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
      count: z.number().int().min(1).max(MAX_SENT_PAGE),
    }),
    doc:
      'The transactions an address sent, newest first, a page at a time: the block of each nonce found by bisection on ' +
      'eth_getTransactionCount at past blocks (batched), then the transaction in that block whose sender it is. Progress ' +
      'events, then the page. Needs reads at old blocks (an archive node); kept on this machine below the finalized block.',
  }),
};
