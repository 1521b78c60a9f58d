import type { PrestateDiffView } from '../../../../src-shared/trace/stateView';
import type { RpcRequest } from '../replay/rpcRequest';

/**
 * The node's own account of what a mined transaction changed: `debug_traceTransaction` with `prestateTracer` in diff
 * mode (geth, Reth, Erigon, Nethermind, Anvil). Undefined when the answer is not a diff (a node that ignores the
 * tracer); a refusal or a failure is thrown, for the caller to fall back on a replay.
 */
export async function nodePrestateDiff(request: RpcRequest, hash: `0x${string}`, signal?: AbortSignal): Promise<PrestateDiffView | undefined> {
  const answer = (await request('debug_traceTransaction', [hash, { tracer: 'prestateTracer', tracerConfig: { diffMode: true } }], signal)) as Partial<PrestateDiffView> | null;
  if (!answer || typeof answer.pre !== 'object' || answer.pre === null) return undefined;
  return { pre: answer.pre, post: typeof answer.post === 'object' && answer.post !== null ? answer.post : {} };
}
