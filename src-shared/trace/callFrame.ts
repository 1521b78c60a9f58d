/** What a frame of a transaction's execution was: a call of one kind, a creation, or a self-destruct. */
export type CallKind = 'call' | 'delegatecall' | 'staticcall' | 'callcode' | 'create' | 'create2' | 'selfdestruct';

/**
 * One frame of a transaction's execution, the same whichever source made it (a node's `callTracer`, its opcode log
 * rebuilt, or a local replay). Quantities are `0x` hex as on the wire; JSON-safe. `depth` is 0 for the transaction's
 * own frame.
 */
export interface CallFrame {
  kind: CallKind;
  from: `0x${string}`;
  /** The callee, or the created contract's address (absent when a creation failed before it had one). */
  to?: `0x${string}`;
  value: `0x${string}`;
  input: `0x${string}`;
  /** What the frame returned (its revert data when it reverted); absent when it returned nothing. */
  output?: `0x${string}`;
  /** Gas given to the frame. */
  gas: `0x${string}`;
  /** Gas the frame used (for the transaction's frame: the receipt's, intrinsic gas included). */
  gasUsed: `0x${string}`;
  /** Why the frame failed, in the node's words (`execution reverted`, `out of gas`, …); absent when it succeeded. */
  error?: string;
  depth: number;
  children: CallFrame[];
}
