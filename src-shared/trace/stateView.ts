/** One account in a node's `prestateTracer` diff (`diffMode`): only what the section holds for it. */
export interface PrestateAccountView {
  balance?: `0x${string}`;
  nonce?: number;
  code?: `0x${string}`;
  /** Changed slots, 32-byte keys to 32-byte values (zero values left out). */
  storage?: Record<`0x${string}`, `0x${string}`>;
}

/** What a transaction changed, as a node's `prestateTracer` with `diffMode` states it: each changed account before (`pre`) and what changed after (`post`). */
export interface PrestateDiffView {
  pre: Record<`0x${string}`, PrestateAccountView>;
  post: Record<`0x${string}`, PrestateAccountView>;
}

/** A value before and after the transaction. */
export interface Change<T> {
  before: T;
  after: T;
}

/** One storage slot the transaction changed, named by variable where the contract's storage layout is known. */
export interface SlotChangeView {
  /** The slot's 32-byte key. */
  slot: `0x${string}`;
  /** 32-byte words (zero when the slot was, or is now, empty). */
  before: `0x${string}`;
  after: `0x${string}`;
  /**
   * The variable the slot holds, from the contract's storage layout (`_totalSupply`, `_balances[0xabc…]`,
   * `_allowances[0xabc…][0xdef…]`, `reserve0, reserve1, blockTimestampLast` for packed variables), or a standard slot
   * (`EIP-1967 implementation`); absent when unknown.
   */
  name?: string;
  /** The variable's Solidity type where named (`uint256`, `mapping(address => uint256)` entry's value type). */
  type?: string;
}

/** What an address was to a transaction. */
export type AccountRole = 'sender' | 'recipient' | 'feeRecipient';

/** One address the transaction changed: each field it changed, before and after; the fields it left alone absent. */
export interface AccountChangeView {
  address: `0x${string}`;
  /** The address's label on this chain, where one is set. */
  label?: string;
  /** The contract's name from its Solidity metadata. */
  contract?: string;
  /** The contract whose storage layout named the slots when it is not the address's own (a proxy's implementation). */
  layoutContract?: string;
  /** What the address was to the transaction: its sender, its recipient, the block's fee recipient (none for the rest). */
  roles: AccountRole[];
  /** The transaction created this account's code (it was not there before). */
  created: boolean;
  /** The transaction destroyed the account (a self-destruct in the transaction that created it). */
  destroyed: boolean;
  /** Wei, `0x` hex. */
  balance?: Change<`0x${string}`>;
  nonce?: Change<number>;
  /** Runtime code (`0x` when none). */
  code?: Change<`0x${string}`>;
  storage: SlotChangeView[];
}

/** A token holder's balance change, read off the transaction's ERC-20 `Transfer` logs. */
export interface TokenChangeView {
  token: `0x${string}`;
  holder: `0x${string}`;
  /** The net change in the token's smallest unit: `0x…` hex, `-0x…` for a decrease. */
  change: `0x${string}` | `-0x${string}`;
  /** From the token's `symbol()` and `decimals()`; null where it does not answer. */
  symbol: string | null;
  decimals: number | null;
  /** The token's and the holder's labels, where set. */
  tokenLabel?: string;
  holderLabel?: string;
}

/** Where a state diff came from: the node's own `prestateTracer` in diff mode, or a replay in Blockglass. */
export type StateSource = 'prestateTracer' | 'replay';

/** What a mined transaction changed: per address, each field before and after; token balances in token units. */
export interface StateView {
  hash: `0x${string}`;
  source: StateSource;
  /** The changed addresses, in address order. */
  accounts: AccountChangeView[];
  /** Token balance changes, by token then holder. */
  tokens: TokenChangeView[];
  /** The diff as the source stated it (what `accounts` is read from), for export and for checking. */
  diff: PrestateDiffView;
  /** A replay's check against the receipt: a replay that differs is not the truth. Absent for the node's own. */
  check?: { matchesReceipt: boolean; differences: { field: 'status' | 'gasUsed' | 'logs'; receipt: string; replay: string }[] };
  /** How many contracts' storage layouts named their slots (for the page to say where names come from). */
  namedContracts: number;
}
