import type { CallKind } from '../../../../../src-shared/trace/callFrame';
import type { TraceFrameView } from '../../../../../src-shared/trace/traceView';
import { framesOf } from '../../../../../src-shared/trace/framesOf';

/** One internal ETH transfer: a frame below the transaction's own that moved value. */
export interface InternalTransfer {
  /** The frame's place in call order (its index among all frames), a stable key. */
  index: number;
  kind: CallKind;
  from: `0x${string}`;
  to?: `0x${string}`;
  value: `0x${string}`;
  /** Whether the frame (so the transfer) was undone by a revert of its own. */
  failed: boolean;
}

const MOVES_VALUE: ReadonlySet<CallKind> = new Set(['call', 'create', 'create2', 'selfdestruct']);

/** The internal ETH transfers of a call tree, in call order: calls, creations and self-destructs below depth 0 that carried value. */
export function internalTransfersOf(root: TraceFrameView): InternalTransfer[] {
  return (framesOf(root) as TraceFrameView[]).flatMap((frame, index) =>
    frame.depth > 0 && MOVES_VALUE.has(frame.kind) && BigInt(frame.value) !== 0n ? [{ index, kind: frame.kind, from: frame.from, ...(frame.to ? { to: frame.to } : {}), value: frame.value, failed: frame.error !== undefined }] : [],
  );
}
