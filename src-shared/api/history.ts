import { z } from 'zod';
import { method, topic } from './define';
import type { ApprovalsView, BalanceHistoryView, CreationView, HoldingsView, SentEvent, TokenHoldersView, TransfersEvent } from './historyViews';
import { addressSchema } from './explorer';
import type { LogExportResult } from '../logs/types';
import { callersTopics } from './callers';

export type { NotKeptRange } from './notKept';

// Area `history`: what an address did, found on any standard JSON-RPC node without an indexer (issue 29). The
// views, what its methods answer, are in historyViews.ts, and exported from here too.

export type * from './historyViews';

/** Changes of an ETH balance listed at most. */
export const MAX_BALANCE_CHANGES = 400;

/** The largest page of sent transactions. */
export const MAX_SENT_PAGE = 100;

/** The methods of area `history`. */
export const historyMethods = {
  'history.approvals': method<ApprovalsView>()({
    input: z.strictObject({ networkId: z.string().min(1), address: addressSchema }),
    doc:
      'The approvals an address granted: every ERC-20/721 Approval and ApprovalForAll with it as owner over the whole chain ' +
      '(one filter through the log planner), the latest per token and spender (per token id for one ERC-721 token), each ' +
      'read again now in one batch: allowance(), getApproved(), isApprovedForAll(); with the token\'s symbol and the spender\'s name.',
  }),
  'history.exportTransfers': method<LogExportResult>()({
    input: z.strictObject({ networkId: z.string().min(1), address: addressSchema }),
    doc:
      "The address's token transfers (as history.transfers finds them) as a CSV file, written in chunks: a one-time download on the web host, a save dialog in Electron. " +
      'The answer names the blocks the node no longer keeps (`dropped`): their transfers are not in the file.',
  }),
  'history.balance': method<BalanceHistoryView>()({
    input: z.strictObject({ networkId: z.string().min(1), address: addressSchema, samples: z.number().int().min(2).max(512).optional() }),
    doc:
      "An address's ETH balance over time: eth_getBalance at `samples` blocks across the chain (48 by default), then every block " +
      'where it changed, found by bisection between samples that differ, each with the transactions of that block from or to ' +
      'the address. A change that returned to the same value between two samples cannot be seen. Where the node keeps no ' +
      'state of some blocks (a full node, the Local sandbox between its seeded and its latest blocks), those runs are in notKept.',
  }),
  'history.holders': method<TokenHoldersView>()({
    input: z.strictObject({ networkId: z.string().min(1), token: addressSchema }),
    doc:
      "An ERC-20 token's holders seen in its Transfer logs over the whole chain (through the log planner): each address's " +
      'received minus sent, largest first, at most 200 listed.',
  }),
  'history.creation': method<{ creation: CreationView | null }>()({
    input: z.strictObject({ networkId: z.string().min(1), address: addressSchema }),
    doc:
      'Where a contract was created: the first block whose state holds its code, found by bisection on eth_getCode at past ' +
      'blocks, and the transaction in that block that deployed it (or that a contract made it inside a call); `creation` is ' +
      'null for an address without code. Needs reads at old blocks (an archive node).',
  }),
  'history.holdings': method<HoldingsView>()({
    input: z.strictObject({ networkId: z.string().min(1), address: addressSchema }),
    doc:
      'Every token the address ever received (from its token transfers, scanned as history.transfers does), with its balance ' +
      'now: balanceOf in one batch; for ERC-721 the ids it still owns (ownerOf); for ERC-1155 the ids with a balance.',
  }),
};

/** The subscriptions of area `history`. */
export const historyTopics = {
  ...callersTopics,
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
      'events, then the page. Nonces used in blocks whose state the node does not keep are said as those runs (notKept); ' +
      'kept on this machine below the finalized block.',
  }),
  'history.transfers': topic<TransfersEvent>()({
    mode: 'stream',
    input: z.strictObject({ networkId: z.string().min(1), address: addressSchema }),
    doc:
      'Every ERC-20 and ERC-721 Transfer and ERC-1155 TransferSingle/TransferBatch with the address as sender or receiver, ' +
      'over the whole chain, through the log planner (every provider\'s limits): rows kept on this machine first, then the ' +
      'blocks after what is kept, with progress. Rows below the finalized block are kept.',
  }),
};
