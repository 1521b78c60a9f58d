import type { RpcRequest } from './rpcRequest';
import type { CallFrame } from '../../../../src-shared/trace/callFrame';
import type { PrestateDiff } from './stateDiff';

/** What a replay needs from the world: only a way to ask the node standard questions. */
export interface ReplayDeps {
  request: RpcRequest;
}

/** How one replay runs. */
export interface ReplayOptions {
  /** Stops the replay (and its pending reads) when aborted. */
  signal?: AbortSignal;
}

/** One way the replay's outcome differs from the receipt the node keeps. */
export interface ReceiptDifference {
  field: 'status' | 'gasUsed' | 'logs';
  /** What the receipt says, as text. */
  receipt: string;
  /** What the replay found, as text. */
  replay: string;
}

/** Whether the replay reproduced the mined outcome; a replay that differs is never the truth. */
export interface ReplayCheck {
  matchesReceipt: boolean;
  differences: ReceiptDifference[];
}

/** What a local replay of a mined transaction found. */
export interface ReplayResult {
  /** The transaction's call tree, in a node's `callTracer` terms. */
  frame: CallFrame;
  check: ReplayCheck;
  /** What the transaction changed, as a node's `prestateTracer` in diff mode states it (Anvil's way). */
  stateDiff: PrestateDiff;
  /**
   * The hardfork the transaction was executed under, as the EVM library names it (`prague`); `inferred osaka` when
   * neither the library's schedule nor the node stated it and it was read off the block's header (chainHardfork.ts).
   */
  hardfork: string;
  /** The gas the transaction paid before its code ran (its frame's `gas` less what the code was given). */
  intrinsicGas: bigint;
  /** How many of the block's earlier transactions were replayed first. */
  earlierTransactions: number;
  /** How many state reads went to the node (after the per-replay cache). */
  stateReads: number;
}
