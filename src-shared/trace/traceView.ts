import type { RevertDecoding } from '../decoding/decodeRevert';
import type { Decoding } from '../decoding/types';
import type { CallFrame } from './callFrame';
import type { TraceSummary } from './summarizeTrace';

/** A frame of a transaction's call tree as a page shows it: the frame, its call and its revert decoded, its callee named. */
export interface TraceFrameView extends Omit<CallFrame, 'children'> {
  /** The call's function and arguments, decoded with every source (absent for a creation, a self-destruct or a call without data). */
  call?: Decoding;
  /** A failed frame's revert data decoded (a custom error, `Error(string)`, a panic), or why it could not be read. */
  revert?: RevertDecoding;
  /** The callee's name where one is known (a label set on this chain). */
  label?: string;
  /** The callee's contract name, from its Solidity metadata (`TraceToken`); for a delegate call, the implementation's. */
  contract?: string;
  children: TraceFrameView[];
}

/** One way a local replay's outcome differs from the receipt the node keeps. */
export interface TraceDifference {
  field: 'status' | 'gasUsed' | 'logs';
  /** What the receipt says, as text. */
  receipt: string;
  /** What the replay found, as text. */
  replay: string;
}

/** Where a trace came from: the node's own `callTracer`, or a replay in Blockglass (the node offers no `debug_` method). */
export type TraceSource = 'callTracer' | 'replay';

/** A transaction's call tree, where it came from, and (for a replay) whether it reproduced the receipt. */
export interface TraceView {
  hash: `0x${string}`;
  source: TraceSource;
  root: TraceFrameView;
  summary: TraceSummary;
  /**
   * A replay's check against the receipt: a replay whose status, gas used or logs differ says so, and its frames are
   * not the truth. Absent for the node's own trace.
   */
  check?: { matchesReceipt: boolean; differences: TraceDifference[] };
  /** The hardfork a replay executed the transaction under. */
  hardfork?: string;
}
