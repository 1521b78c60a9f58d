// Area `history`'s views: what its methods and topics answer (the contract itself: history.ts).
import type { TransactionRow } from './explorerViews';
import type { NotKeptRange } from './notKept';
import type { DroppedBlocks } from '../logs/droppedBlocks';

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
  /**
   * The page's nonces used without a transaction the address sent, each with the block that used it: an EIP-7702
   * authorization it signed, or, for a contract, a contract it created. Newest first.
   */
  withoutTransaction: { nonce: number; block: string }[];
  /**
   * The page's nonces used in a run of blocks whose state the node does not keep, so the nonce cannot tell which
   * block holds each: the blocks they lie in (`from`..`to`, 0x hex: the run and the first kept block after it) and
   * the nonces (`nonceFrom`..`nonceTo`). Newest first.
   */
  notKept: { from: string; to: string; nonceFrom: number; nonceTo: number }[];
}

/** A page's progress, then the page. */
export type SentEvent =
  | { kind: 'progress'; located: number; of: number; requests: number }
  | { kind: 'page'; page: SentPage };

/** A token's move to or from the address: one ERC-20 or ERC-721 `Transfer`, or one id of an ERC-1155 transfer. */
export interface TokenTransferRow {
  /** `<transaction hash>:<log index>[:<position in a batch>]`, unique on the chain. */
  id: string;
  transactionHash: string;
  logIndex: number;
  blockNumber: string;
  /** The block's time (0x hex seconds): the node's `blockTimestamp`, else its header's; null where it could not be read. */
  timestamp: string | null;
  standard: 'erc20' | 'erc721' | 'erc1155';
  token: string;
  /** The token's symbol and decimals, when its contract says them. */
  symbol: string | null;
  decimals: number | null;
  from: string;
  to: string;
  /** Whether the address received (`in`), sent (`out`), or both (a transfer to itself). */
  direction: 'in' | 'out' | 'self';
  /** The amount in the token's smallest unit (decimal string); 1 for an ERC-721 token. */
  amount: string;
  /** The token id of an ERC-721 or ERC-1155 transfer (decimal string). */
  tokenId: string | null;
}

/** A token transfer scan's events: what was kept on this machine, rows as found, progress, then the end. */
export type TransfersEvent =
  | { kind: 'rows'; rows: TokenTransferRow[]; stored: boolean }
  | { kind: 'progress'; blocksCovered: number; blocksTotal: number; requests: number }
  | { kind: 'done'; head: string; coveredTo: string; requests: number; fromBlock: string; dropped?: DroppedBlocks[] };

/** A token the address holds, or held: its balance now. */
export interface HoldingRow {
  token: string;
  standard: 'erc20' | 'erc721' | 'erc1155';
  symbol: string | null;
  decimals: number | null;
  /** The balance now (decimal string, smallest unit); for ERC-721, how many of the received ids it still owns. */
  balance: string;
  /** ERC-721: the ids it owns now (checked with `ownerOf`); ERC-1155: the ids with a balance. */
  tokenIds: string[];
  /** Transfers in and out seen for this token. */
  transfers: number;
}

/** The address's holdings, read at one block. */
export interface HoldingsView {
  block: string;
  holdings: HoldingRow[];
  /** Blocks the node no longer keeps, passed over: tokens only moved in them are not found. */
  dropped?: DroppedBlocks[];
}

/** How a contract came to be: the block where its code first appears, and the transaction that deployed it. */
export interface CreationView {
  address: string;
  /** The first block at whose end the address holds code (0x hex). */
  block: string;
  /** The transaction whose receipt names the contract (a deployment sent to no address); null when a contract made it inside another call. */
  transactionHash: string | null;
  /** Who sent that transaction; null when the contract was made inside another call. */
  creator: string | null;
  /** Code reads the bisection sent. */
  requests: number;
  /**
   * Where its code appeared in a run of blocks whose state the node does not keep: that run. The creation is then
   * somewhere from its first block to `block` (the first kept block after it), and no transaction is named.
   */
  notKept?: NotKeptRange;
}

/** An address seen in a token's transfers, with what it holds by them. */
export interface TokenHolderRow {
  address: string;
  /** Received minus sent, in the token's smallest unit (decimal string): its balance by the transfers seen. */
  balance: string;
  transfers: number;
}

/** A token's holders seen in its transfers, largest first. */
export interface TokenHoldersView {
  token: string;
  symbol: string | null;
  decimals: number | null;
  /** The block the transfers were read up to (0x hex). */
  head: string;
  /** Transfer logs read. */
  transfers: number;
  /** The largest holders (at most 200); `holders` counts every address with a balance above 0. */
  rows: TokenHolderRow[];
  holders: number;
}

/** A block where the address's ETH balance changed, and what in that block moved it. */
export interface BalanceChange {
  /** The block (0x hex) at whose end the balance first differs from the block before. */
  block: string;
  /** The block's time (0x hex seconds); absent in a change kept by an earlier version. */
  timestamp?: string;
  /** The balance at the end of the block before, and at the end of this one (wei, decimal strings). */
  before: string;
  after: string;
  /** The block's transactions sent from or to the address; none when the change came inside a call (an internal transfer, a withdrawal, fees to the block's producer). */
  transactions: { hash: string; direction: 'in' | 'out' | 'self'; value: string }[];
}


/** A run of blocks not kept, in a balance history: the balance at the kept block on either side (wei, decimal), null where there is none. */
export interface NotKeptBalance extends NotKeptRange {
  before: string | null;
  after: string | null;
}

/** The ETH balance over time: samples across the chain, and every change found between them. */
export interface BalanceHistoryView {
  address: string;
  head: string;
  /** The balance at each sampled block (block 0x hex, wei decimal), oldest first. */
  samples: { block: string; balance: string }[];
  /** Every change found by bisection between samples, oldest first (at most `MAX_BALANCE_CHANGES`). */
  changes: BalanceChange[];
  /** Runs of blocks whose state the node does not keep, oldest first: changes in them are not listed. */
  notKept: NotKeptBalance[];
  /** Whether more changes exist than were listed. */
  truncated: boolean;
  /** eth_getBalance reads sent. */
  requests: number;
  /** The block (0x hex) up to which the readings and changes were kept on this machine from an earlier visit; null when all were read now. */
  keptUpTo: string | null;
}

/** An approval the address granted, as it stands now: the latest `Approval`/`ApprovalForAll` of its kind, read again now. */
export interface ApprovalRow {
  /** `<token>:<spender>` (an allowance), `<token>:#<token id>` (one ERC-721 token) or `<token>:<operator>:operator`: unique per address. */
  id: string;
  /** An ERC-20 allowance, one ERC-721 token's approval (`getApproved`), or an operator of every token (`ApprovalForAll`). */
  kind: 'allowance' | 'token' | 'operator';
  /** ERC-20 for an allowance, ERC-721 for one token; an operator's token by `supportsInterface` (null when it says neither). */
  standard: 'erc20' | 'erc721' | 'erc1155' | null;
  token: string;
  symbol: string | null;
  decimals: number | null;
  /** The spender (allowance), the approved address (one token), or the operator. */
  spender: string;
  /** The spender's label or contract name, where one is known. */
  spenderName: string | null;
  /** The ERC-721 token id of a one-token approval (decimal string). */
  tokenId: string | null;
  /** The amount the latest `Approval` set (smallest unit, decimal string); null but for an allowance. */
  granted: string | null;
  /** `allowance(owner, spender)` now (decimal string); null but for an allowance, or when the token did not answer. */
  allowance: string | null;
  /** Whether it stands now: an allowance above 0, `getApproved(id)` still the spender, `isApprovedForAll` true. */
  active: boolean;
  /** An allowance of 2^255 or more (max uint256 among them): spending does not exhaust it. */
  unlimited: boolean;
  /** The latest approval log of the pair: its block, the block's time (0x seconds), transaction and log index. */
  blockNumber: string;
  timestamp: string | null;
  transactionHash: string;
  logIndex: number;
}

/** The approvals an address granted over the whole chain, each read again at `block`. */
export interface ApprovalsView {
  address: string;
  /** The block the logs were read up to and the state read at (0x hex). */
  block: string;
  /** Standing approvals first, newest first within them. */
  rows: ApprovalRow[];
  /** Approval and ApprovalForAll logs the address's filter matched. */
  logs: number;
  /** Requests sent to the node. */
  requests: number;
  /** Blocks the node no longer keeps, passed over: approvals granted in them are not read. */
  dropped?: DroppedBlocks[];
}
