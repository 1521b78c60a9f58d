import type { StarknetBlockId } from './blockId';
import type { FeltArg } from './felt';

/** A Starknet call to run: what `starknet_call` needs, plus how the person wrote it (to show and re-run it). */
export interface StarknetCallRequest {
  /** The contract, as a felt (0x hex without leading zeros). */
  contractAddress: string;
  /** The entry point selector, as a felt. */
  selector: string;
  /** The function name the selector was computed from, when one was given. */
  functionName?: string;
  /** The calldata, as felts. */
  calldata: string[];
  /** The block as typed: latest, pre_confirmed (pending), l1_accepted, a number, or a hash. */
  block: string;
  /** The arguments as typed (kind and text), when the form wrote the calldata. */
  args?: FeltArg[];
}

/** One frame of a contract error's trace: which contract and entry point failed, outermost first. */
export interface StarknetErrorFrame {
  contractAddress: string;
  classHash: string;
  selector: string;
}

/** A Starknet node's error, explained. */
export interface StarknetCallError {
  /** The JSON-RPC code and message as the node said them, and its data. */
  code: number | null;
  message: string;
  data?: unknown;
  /** What the error means, in plain words. */
  explanation: string;
  /** For a contract error: the innermost reason the node gave (a Cairo panic text, short strings read). */
  reason?: string;
  /** For a contract error: the calls down to the one that failed. */
  trace: StarknetErrorFrame[];
}

/** What a Starknet call came to. */
export type StarknetCallOutcome =
  | { ok: true; result: string[]; elapsedMs: number; blockId: StarknetBlockId; specVersion: string | null }
  | { ok: false; error: StarknetCallError; elapsedMs: number; blockId: StarknetBlockId; specVersion: string | null };
