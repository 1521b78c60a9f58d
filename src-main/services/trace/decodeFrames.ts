import type { CallFrame } from '../../../src-shared/trace/callFrame';
import type { TraceFrameView } from '../../../src-shared/trace/traceView';
import type { DecodingService } from '../decoding/createDecodingService';

/** What decoding a call tree needs of the decoding service. */
export type FrameDecoding = Pick<DecodingService, 'decodeCallData' | 'decodeRevert' | 'labelsOf'>;

/** Decodings running at once: a tree of thousands of frames is decoded without thousands of reads in flight. */
const CONCURRENCY = 8;

/**
 * The tree with each frame's call and revert decoded by the decoding service (the callee's imported ABI, its
 * metadata, the signature database, a guess of the types last) and its callee's label. The same call data to the same
 * address is decoded once. Never throws for a frame it cannot decode: that frame is shown raw.
 */
export async function decodeFrames(decoding: FrameDecoding, networkId: string, root: CallFrame, signal?: AbortSignal): Promise<TraceFrameView> {
  const labelOf = decoding.labelsOf(networkId);
  const calls = new Map<string, Promise<TraceFrameView['call']>>();
  const reverts = new Map<string, Promise<TraceFrameView['revert']>>();
  const decodeCall = (to: string, input: string) => {
    const key = `${to}:${input}`;
    if (!calls.has(key)) calls.set(key, decoding.decodeCallData(networkId, to, input, signal).catch(() => undefined));
    return calls.get(key)!;
  };
  const decodeRevert = (to: string | undefined, output: string) => {
    const key = `${to ?? ''}:${output}`;
    if (!reverts.has(key)) reverts.set(key, decoding.decodeRevert(networkId, to ?? null, output, signal).catch(() => undefined));
    return reverts.get(key)!;
  };

  const views = new Map<CallFrame, TraceFrameView>();
  const pending: CallFrame[] = [];
  const walk = [root];
  while (walk.length > 0) {
    const frame = walk.pop()!;
    pending.push(frame);
    walk.push(...frame.children);
  }
  const work = async (frame: CallFrame) => {
    const { children: _children, ...fields } = frame;
    const view: TraceFrameView = { ...fields, children: [] };
    const called = frame.kind !== 'create' && frame.kind !== 'create2' && frame.kind !== 'selfdestruct' && frame.to !== undefined && frame.input.length >= 10;
    const [call, revert] = await Promise.all([
      called ? decodeCall(frame.to!, frame.input) : undefined,
      frame.error !== undefined ? decodeRevert(frame.to, frame.output ?? '0x') : undefined,
    ]);
    if (call) view.call = call;
    if (revert) view.revert = revert;
    const label = frame.to !== undefined ? labelOf(frame.to) : undefined;
    if (label) view.label = label;
    views.set(frame, view);
  };
  for (let next = 0; next < pending.length; next += CONCURRENCY) {
    signal?.throwIfAborted();
    await Promise.all(pending.slice(next, next + CONCURRENCY).map(work));
  }
  for (const frame of pending) views.get(frame)!.children = frame.children.map((child) => views.get(child)!);
  return views.get(root)!;
}
