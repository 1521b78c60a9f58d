import type { AbiFunction } from 'viem';
import type { AbiError } from '../decoding/candidates';
import type { RevertDecoding } from '../decoding/decodeRevert';
import type { DecodedArg, DecodeSource, Decoding } from '../decoding/types';

// The call playground's values. Quantities are 0x hex as the JSON-RPC spec writes them (the form converts
// what people type); the call object has exactly the spec's fields.

/** The spec's call object (`eth_call`'s first parameter). `from` is required here, as the spec says. */
export interface CallObject {
  from: string;
  to?: string;
  gas?: string;
  gasPrice?: string;
  maxPriorityFeePerGas?: string;
  maxFeePerGas?: string;
  value?: string;
  data?: string;
}

/** Geth-style state overrides (`eth_call`'s third parameter), per address. */
export interface AccountOverride {
  balance?: string;
  nonce?: string;
  code?: string;
  /** Replaces the whole storage with these slots. */
  state?: Record<string, string>;
  /** Changes only these slots. */
  stateDiff?: Record<string, string>;
}

/** A call to run: the call object, the block parameter (number, tag or hash), overrides, and the function for decoding the result. */
export interface CallRequest {
  call: CallObject;
  block: string;
  overrides?: Record<string, AccountOverride>;
  /** The ABI function the data calls (for decoding the outputs); without it the result is shown raw. */
  fn?: AbiFunction;
  /** The custom errors of an ABI pasted in the playground: a revert is decoded with them first (the contract's own ABI may be unknown). */
  errors?: AbiError[];
}

/** The service's error: what happened in the app's words (`message`), and the JSON-RPC error as it answered (`code`, its own words, `data`). */
export interface CallError {
  code: number | null;
  /** What happened, in words ("The call reverted: …", "The node refused the request."). */
  message: string;
  /** The node's own message, as it said it (shown behind Details). */
  nodeSaid?: string;
  data?: string;
}

/** What a call came to. */
export type CallOutcome =
  | {
      ok: true;
      /** The raw return data. */
      returnData: string;
      /** The outputs decoded by name and type with `fn`; null without `fn`, raw with the reason when they do not decode. */
      outputs: { status: 'decoded'; args: DecodedArg[] } | { status: 'raw'; reason: string } | null;
      elapsedMs: number;
      /** The block the call ran at, as a number (0x hex), when the node told it. */
      blockNumber: string | null;
      warnings: string[];
    }
  | {
      ok: false;
      error: CallError;
      /** The revert's data decoded (string, panic, custom error, or raw with a guess), when the node returned revert data. */
      revert: RevertDecoding | null;
      elapsedMs: number;
      blockNumber: string | null;
      warnings: string[];
    };

/** A call kept in the history: what was asked, what came of it. */
export interface CallHistoryEntry {
  id: number;
  networkId: string;
  createdAt: number;
  pinned: boolean;
  request: CallRequest;
  /**
   * The outcome in brief: `ok` with the return data and what it decoded to in one line (`result`: `1000
   * (uint256)`; calls kept before it was added have none), or the error's message and, for a revert, its reason
   * as decoded (`reason`: `InsufficientBalance(requested: 1000, available: 100)`).
   */
  summary: { ok: true; returnData: string; result?: string } | { ok: false; message: string; reason?: string };
}

/** The address the playground fills From with: the node's first account where it offers `eth_accounts`, else the last one used on the network. */
export interface SuggestedFrom {
  address: string | null;
  /** `node`: the node's `eth_accounts`; `history`: the network's newest call; null: neither knows one. */
  source: 'node' | 'history' | null;
}

/** A contract's ABI for the playground, from the most trusted source that knows it. */
export interface ContractAbiView {
  address: string;
  isContract: boolean;
  /** Where the ABI came from: imported, the contract's metadata, or the signature database (selectors read from the code). */
  source: DecodeSource | null;
  contractName?: string;
  functions: AbiFunction[];
  errors: AbiError[];
  /** Selectors found in the code that no source names. */
  unknownSelectors: string[];
}

/** Calldata read back with every source: what the form shows when someone edits the data directly. */
export type CalldataDecoding = Decoding;
