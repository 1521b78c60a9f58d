import { z } from 'zod';
import type { Decoding, DecodeSource } from '../decoding/types';
import type { RevertDecoding } from '../decoding/decodeRevert';
import { networkIdSchema } from '../networks/network';
import { isAddressText } from '../chain/isAddressText';
import { MAX_ABI_INPUT_CHARS } from '../decoding/parseAbiInput';
import { blockIdProblem } from '../chain/blockId';
import { nameSchema } from '../text/nameSchema';
import { method, topic } from './define';
import type { AddressNameSource } from '../names/addressName';

// Area `explorer`: blocks, transactions, receipts, addresses and storage of one network, decoded.
// Chain objects travel as the node sent them (every field of the spec's tables, 0x hex), beside what the
// app made of them (decoded input, logs and reverts, fees, token transfers).

/** A block, transaction or receipt exactly as the node returned it. */
export type RpcObject = Record<string, unknown>;

/** What a block row or card shows about a block. */
export interface BlockSummary {
  number: string;
  hash: string;
  timestamp: string;
  miner: string;
  transactionCount: number;
  gasUsed: string;
  gasLimit: string;
  /** Null before London. */
  baseFeePerGas: string | null;
}

/** What a transaction's method column says: a plain transfer, a contract creation, or a call. */
export interface MethodLabel {
  kind: 'transfer' | 'create' | 'call';
  /** The 4-byte selector of a call. */
  selector?: string;
  /** The function's name when a source knows the selector. */
  name?: string;
  source?: DecodeSource;
}

/** One transaction as a block's table lists it. */
export interface TransactionRow {
  hash: string;
  index: number;
  blockNumber: string | null;
  from: string;
  to: string | null;
  /** The contract a creation made (from the receipt). */
  createdContract: string | null;
  value: string;
  /** gasUsed × effectiveGasPrice, wei; null while pending. */
  fee: string | null;
  gasUsed: string | null;
  status: 'success' | 'failed' | 'pending';
  type: string;
  method: MethodLabel;
  /** Labels people gave the sender and the recipient (or the contract created). */
  fromLabel?: string;
  toLabel?: string;
}

/** A block with all its transactions and their receipts' outcome. */
export interface BlockView {
  /** The block as the node sent it, `transactions` as hashes. */
  block: RpcObject;
  transactions: TransactionRow[];
  /** Each uncle as `eth_getUncleByBlockHashAndIndex` returned it (null when the node has none at that index). */
  uncles: (RpcObject | null)[];
  /** The chain's head when this was read (for confirmations and "next"). */
  head: string;
  /** At or below the finalized block: it will not change, and is cached. */
  finalized: boolean;
}

/** A token that moved in a transaction, read from its logs. */
export interface TokenTransfer {
  standard: 'ERC-20' | 'ERC-721' | 'ERC-1155';
  token: string;
  symbol: string | null;
  decimals: number | null;
  from: string;
  to: string;
  /** Decimal, in the token's smallest unit (ERC-20, ERC-1155). */
  amount: string | null;
  /** Decimal (ERC-721, ERC-1155). */
  tokenId: string | null;
  logIndex: number;
}

/** One log of a receipt, decoded. */
export interface LogView {
  log: RpcObject;
  decoded: Decoding;
}

/** Why a failed transaction failed, reproduced with `eth_call` at its parent block with the same fields. */
export interface RevertView {
  /** The block the call ran at (the transaction's parent). */
  atBlock: string;
  /** The call reverted as the transaction did; false when it did not revert when reproduced. */
  reproduced: boolean;
  /** The revert decoded; null when it could not be reproduced. */
  decoding: RevertDecoding | null;
  /** Why it could not be reproduced, when it could not. */
  note?: string;
}

/** What the page knows of an address it shows: a label and whether it holds code. */
export interface AddressMark {
  label?: string;
  /** Where the label comes from: the person's, the contract's metadata, Blockglass's list of well-known contracts. */
  labelSource?: AddressNameSource;
  isContract: boolean;
}

/** A transaction with its receipt, decoded. */
export interface TransactionView {
  transaction: RpcObject;
  /** Null while pending. */
  receipt: RpcObject | null;
  pending: boolean;
  /** The block it is in, when mined. */
  block: BlockSummary | null;
  head: string;
  /** Its place in the block, with its neighbours' hashes. */
  position: { index: number; count: number; previous: string | null; next: string | null } | null;
  fee: string | null;
  /** A contract creation's input is init code: shown raw, not decoded. */
  input: Decoding | null;
  logs: LogView[];
  transfers: TokenTransfer[];
  /** Set for a failed transaction. */
  revert: RevertView | null;
  /** Labels and contract marks of the addresses on the page. */
  addresses: Record<string, AddressMark>;
}

/** Where an address's ABI came from, and what it holds. */
export interface AbiSourceView {
  source: DecodeSource;
  functions: string[];
  events: string[];
  errors: string[];
  /** The metadata's CID (source `metadata`). */
  metadataCid?: string;
  compiler?: string;
  /** Contract name and file, from the metadata's compilation target. */
  contractName?: string;
  /** The source files the metadata names, with their text when the content store has it. */
  sources?: { path: string; content: string | null }[];
  /** Token and interface standards the code implements (`ERC-20`, `ERC-721`), when read from the bytecode. */
  interfaces?: string[];
}

/** An address at a block. */
export interface AddressView {
  address: string;
  block: string;
  balance: string;
  nonce: string;
  codeSize: number;
  /** Whether it holds contract code: false for an account, also for one whose code is an EIP-7702 delegation (see `proxy`). */
  isContract: boolean;
  label?: string;
  /** Where the label comes from (see {@link AddressMark}). */
  labelSource?: AddressNameSource;
  abi: AbiSourceView | null;
  /** The selectors found in the code with their guessed or known signatures, for contracts without an ABI. */
  note?: string;
  /**
   * When the address is a proxy: its kind and whose code it runs (calls and events through it decode with that
   * code's ABI). Kind `eip7702`: an account whose code is a delegation designator, running the delegate's code.
   */
  proxy?: ProxyView;
}

/** A proxy: its standard and the implementation it delegates to (a beacon's or an admin when the proxy has one). */
export interface ProxyView {
  kind: 'eip1967' | 'eip1967-beacon' | 'transparent' | 'eip1822' | 'eip1167' | 'safe' | 'eip7702';
  implementation: string;
  beacon?: string;
  admin?: string;
}

/** A storage word of an address at a block. */
export interface StorageView {
  address: string;
  slot: string;
  block: string;
  value: string;
}

/** The home page: the latest blocks and transactions. */
export interface LatestView {
  head: string;
  blocks: BlockSummary[];
  transactions: (TransactionRow & { timestamp: string })[];
  /** The chain was replaced (a block at a known height changed): everything cached for the network was dropped. */
  reset: boolean;
  /** The node does not offer eth_getBlockReceipts (Hardhat, Ganache): the outcomes came from one receipt per transaction. */
  receiptsOneByOne?: boolean;
  /**
   * The feed's first view, sent as soon as the blocks are read: the transactions' outcomes (their receipts) are being
   * read, and `transactions` is empty until the next view, which follows at once.
   */
  transactionsPending?: true;
  /**
   * This view is the one last shown, kept on this machine (ms since the epoch it was read): the node has not
   * answered yet (the app just started, the sandbox is starting), or it stopped answering before this page asked.
   * The live view replaces it as soon as it comes.
   */
  storedAt?: number;
}

/** A block number (decimal or 0x hex), a block hash, or a tag. */
export const blockIdSchema = z.string().superRefine((text, context) => {
  const problem = blockIdProblem(text);
  if (problem) context.addIssue({ code: 'custom', message: problem });
});
export const addressSchema = z.string().refine(isAddressText, 'An address is 0x followed by 40 hex digits.');
export const hashSchema = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'A transaction hash is 0x followed by 64 hex digits.');
const slotSchema = z.string().regex(/^0x[0-9a-fA-F]{1,64}$/, 'A storage slot is 0x followed by 1 to 64 hex digits.');

/** What an import made of the ABI a person gave. */
export interface ImportedAbiView {
  address: string;
  format: 'json' | 'human-readable' | 'foundry' | 'hardhat';
  functions: number;
  events: number;
  errors: number;
  label: string | null;
}

/** One fact of a token: its value, or why it is absent (in words: the call failed and how, or returned nothing readable). */
export type TokenFact<T> = { value: T } | { absent: string };

/** The token standards told apart. */
export type TokenStandard = 'ERC-20' | 'ERC-721' | 'ERC-1155';

/** A token contract's facts, read with plain calls at one block. */
export interface TokenFactsView {
  token: string;
  /** The block every fact was read at (0x hex). */
  block: string;
  name: TokenFact<string>;
  symbol: TokenFact<string>;
  decimals: TokenFact<number>;
  /** In the token's smallest unit (decimal string). */
  totalSupply: TokenFact<string>;
  /** The standard and how it was told (`supportsInterface(0x80ac58cd)`, or the ERC-20 calls it answers); absent: no token. */
  standard: TokenFact<{ name: TokenStandard; how: string }>;
  /**
   * Holders by its ERC-20 Transfer logs from block 0 to `block` (as history.holders counts them): `count` addresses
   * with a balance above 0, the `top` largest holding `topHeld` of the `held` all of them hold (smallest unit, decimal).
   * Null when not asked for (`holders: false`: a chain-wide log scan, long on a busy token, asked for on its own).
   */
  holders: TokenFact<{ count: number; transfers: number; top: number; topHeld: string; held: string }> | null;
}

/** The methods of area `explorer`. */
export const explorerMethods = {
  'explorer.block': method<BlockView>()({
    input: z.strictObject({ networkId: networkIdSchema, block: blockIdSchema }),
    doc: 'A block by number, hash or tag, with every transaction and its receipt outcome, and its uncles.',
  }),
  'explorer.transaction': method<TransactionView>()({
    input: z.union([
      z.strictObject({ networkId: networkIdSchema, hash: hashSchema }),
      z.strictObject({ networkId: networkIdSchema, blockHash: hashSchema, index: z.number().int().min(0).max(1_000_000) }),
    ]),
    doc: 'A transaction by hash (or block hash and index) with its receipt, decoded input and logs, token transfers, and the reason of a failure.',
  }),
  'explorer.address': method<AddressView>()({
    input: z.strictObject({ networkId: networkIdSchema, address: addressSchema, block: blockIdSchema.optional() }),
    doc: 'Balance, nonce and code of an address at a block, and its ABI when one is known.',
  }),
  'explorer.marks': method<Record<string, AddressMark>>()({
    input: z.strictObject({ networkId: networkIdSchema, addresses: z.array(addressSchema).max(2000, 'At most 2,000 addresses at a time.') }),
    doc: 'Whether each address holds code, and its label: the marks a table shows beside addresses (by lowercase address).',
  }),
  'explorer.importAbi': method<ImportedAbiView>()({
    input: z.strictObject({
      networkId: networkIdSchema,
      address: addressSchema,
      abi: z.string().max(MAX_ABI_INPUT_CHARS, 'An ABI is at most 2 MiB.'),
      label: nameSchema().optional(),
    }),
    doc: "Imports an ABI (JSON, a Foundry or Hardhat artifact, or signatures one per line) for an address on the network's chain, with an optional label; it decodes first from then on.",
  }),
  'explorer.deleteAbi': method<{ deleted: boolean }>()({
    input: z.strictObject({ networkId: networkIdSchema, address: addressSchema }),
    doc: 'Forgets the ABI and label imported for an address.',
  }),
  'explorer.tokenFacts': method<TokenFactsView>()({
    input: z.strictObject({
      networkId: networkIdSchema,
      token: addressSchema,
      /** The block to read at (0x number); the head when absent. */
      block: z.string().regex(/^0x[0-9a-fA-F]{1,16}$/, 'A block number is 0x followed by 1 to 16 hex digits.').optional(),
      /** Whether to count an ERC-20's holders (its Transfer logs from block 0); true when absent. */
      holders: z.boolean().optional(),
    }),
    doc:
      "A token contract's facts at one block, from one batch of eth_calls: name, symbol, decimals, totalSupply, the standard " +
      '(ERC-165 supportsInterface for ERC-721 and ERC-1155, ERC-20 by the calls it answers), and for an ERC-20 its holder ' +
      "count and the top 10 holders' share from its Transfer logs up to that block (unless `holders` is false). Each fact " +
      'is absent on its own, with why.',
  }),
  'explorer.storage': method<StorageView>()({
    input: z.strictObject({ networkId: networkIdSchema, address: addressSchema, slot: slotSchema, block: blockIdSchema.optional() }),
    doc: 'One storage word of an address at a block (eth_getStorageAt).',
  }),
} as const;

/** The subscriptions of area `explorer`. */
export const explorerTopics = {
  'explorer.latest': topic<LatestView>()({
    mode: 'live',
    input: z.strictObject({ networkId: networkIdSchema, count: z.number().int().min(1).max(50).optional() }),
    doc: 'The latest blocks and transactions, again at every new head, gaps filled after a dropped feed; says when the chain was replaced.',
  }),
} as const;
