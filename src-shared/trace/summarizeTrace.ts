import type { CallFrame } from './callFrame';
import { framesOf } from './framesOf';

/** What a call tree holds at a glance, and where its revert began. */
export interface TraceSummary {
  /** Frames below the transaction's own ("14 calls"). */
  calls: number;
  /** The deepest frame's depth ("4 deep"); 0 for a transaction that called nothing. */
  depth: number;
  /** Frames that failed, the transaction's own included. */
  failed: number;
  /**
   * The path of child indexes from the transaction's frame to the frame where its revert began (`[]`: the
   * transaction's own frame; absent when the transaction did not fail). See {@link revertOrigin}.
   */
  revertOrigin?: number[];
}

/** The counts of {@link TraceSummary} and the path to where the revert began. */
export function summarizeTrace(root: CallFrame): TraceSummary {
  const frames = framesOf(root);
  const origin = revertOrigin(root);
  return {
    calls: frames.length - 1,
    depth: Math.max(...frames.map((frame) => frame.depth)),
    failed: frames.filter((frame) => frame.error !== undefined).length,
    ...(origin ? { revertOrigin: origin } : {}),
  };
}

/**
 * Where a failed frame's revert began: down through each failing child whose revert data the frame passed on
 * unchanged (Solidity re-throws a callee's revert as it is), to the frame whose revert was its own. A frame that
 * caught a callee's failure and reverted with other data (or a frame whose callees all succeeded) is the origin.
 * Of several failing children, the last one is followed: it is the one that failed before the frame gave up.
 * Undefined when `root` did not fail.
 */
export function revertOrigin(root: CallFrame): number[] | undefined {
  if (root.error === undefined) return undefined;
  const path: number[] = [];
  let frame = root;
  for (;;) {
    const index = lastIndexOf(frame.children, (child) => child.error !== undefined);
    const child = index === -1 ? undefined : frame.children[index]!;
    if (!child || !passedOn(frame, child)) return path;
    path.push(index);
    frame = child;
  }
}

/** Whether `parent` failed with what `child` failed with: the same revert data (none for both included: a bare revert or an out-of-gas passed up). */
function passedOn(parent: CallFrame, child: CallFrame): boolean {
  return (parent.output ?? '0x') === (child.output ?? '0x');
}

function lastIndexOf<T>(items: readonly T[], match: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) if (match(items[i]!)) return i;
  return -1;
}
