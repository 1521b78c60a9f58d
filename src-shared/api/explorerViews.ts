// Area `explorer`'s views: what its methods and topics answer (the contract itself: explorer.ts).
import type { Decoding, DecodeSource } from '../decoding/types';
import type { RevertDecoding } from '../decoding/decodeRevert';
import type { AddressNameSource } from '../names/addressName';

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
