import type { Address, Hex } from 'viem';

/** One frame of a node's `debug_traceTransaction` answer with `{ tracer: 'callTracer' }`, as geth and Anvil write it. */
export interface CallTracerFrame {
  /** `CALL`, `STATICCALL`, `DELEGATECALL`, `CALLCODE`, `CREATE`, `CREATE2`, `SELFDESTRUCT`. */
  type: string;
  from: Address;
  to?: Address;
  value?: Hex;
  input: Hex;
  output?: Hex;
  error?: string;
  calls?: CallTracerFrame[];
}

/** A frame of a call tree and its depth (0 for the tree's root, the transaction's own frame). */
export interface FrameAt {
  frame: CallTracerFrame;
  depth: number;
}

/** Every frame of the tree, parents before their children, each with its depth. */
export function framesOf(root: CallTracerFrame): FrameAt[] {
  const frames: FrameAt[] = [];
  const visit = (frame: CallTracerFrame, depth: number) => {
    frames.push({ frame, depth });
    for (const child of frame.calls ?? []) visit(child, depth + 1);
  };
  visit(root, 0);
  return frames;
}

/**
 * Where a failed frame's revert began: down from `root`, each time into the last failing callee whose output this
 * frame returned unchanged (a revert passed on), until a failing frame passed on nothing of a callee's. Undefined
 * when `root` did not fail.
 */
export function revertOrigin(root: CallTracerFrame): FrameAt | undefined {
  if (root.error === undefined) return undefined;
  let at: FrameAt = { frame: root, depth: 0 };
  for (;;) {
    const output = at.frame.output;
    const passedOn = [...(at.frame.calls ?? [])].reverse().find((child) => child.error !== undefined && output !== undefined && child.output === output);
    if (!passedOn) return at;
    at = { frame: passedOn, depth: at.depth + 1 };
  }
}
