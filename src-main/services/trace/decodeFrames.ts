import type { CallFrame } from '../../../src-shared/trace/callFrame';
import type { TraceFrameView } from '../../../src-shared/trace/traceView';
import type { DecodingService } from '../decoding/createDecodingService';

/** What decoding a call tree needs of the decoding service. */
export type FrameDecoding = Pick<DecodingService, 'decodeCallData' | 'decodeRevert' | 'labelsOf' | 'abiSource'>;

/** Decodings running at once: a tree of thousands of frames is decoded without thousands of reads in flight. */
const CONCURRENCY = 8;

/**
 * The tree with each frame's call and revert decoded by the decoding service (the callee's imported ABI, its
 * metadata, the signature database, a guess of the types last), its callee's label and contract name (from its
 * metadata, read from its code at the latest block). The same call data to the same address is decoded once, each
 * address named once. Never throws for a frame it cannot decode: that frame is shown raw.
 */
export async function decodeFrames(
  decoding: FrameDecoding,
  networkId: string,
  root: CallFrame,
  codeOf: (address: string, signal?: AbortSignal) => Promise<string>,
  signal?: AbortSignal,
): Promise<TraceFrameView> {
  const labelOf = decoding.labelsOf(networkId);
  const contracts = new Map<string, Promise<string | undefined>>();
  const contractOf = (address: string) => {
    if (!contracts.has(address)) {
      const named = codeOf(address, signal)
        .then((code) => (code.length > 2 ? decoding.abiSource(networkId, address, code, signal) : null))
        .then((source) => (source?.source === 'metadata' || source?.source === 'imported' ? source.contractName?.split(':').at(-1) : undefined))
        .catch(() => undefined);
      contracts.set(address, named);
    }
    return contracts.get(address)!;
  };
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
    const [call, revert, contract] = await Promise.all([
      called ? decodeCall(frame.to!, frame.input) : undefined,
      frame.error !== undefined ? decodeRevert(frame.to, frame.output ?? '0x') : undefined,
      frame.to !== undefined ? contractOf(frame.to) : undefined,
    ]);
    if (call) view.call = call;
    if (revert) view.revert = revert;
    if (contract) view.contract = contract;
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
