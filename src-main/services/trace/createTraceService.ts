import type { CallFrame } from '../../../src-shared/trace/callFrame';
import { summarizeTrace } from '../../../src-shared/trace/summarizeTrace';
import type { TraceSource, TraceView } from '../../../src-shared/trace/traceView';
import { BlockglassError } from '../errors/blockglassError';
import type { RpcService } from '../rpc/createRpcService';
import { decodeFrames, type FrameDecoding } from './decodeFrames';
import { nodeCallTrace } from './nodeCallTrace';
import { replayTransaction } from './replay/replayTransaction';
import type { RpcRequest } from './replay/replayTypes';

/** Inside a transaction: its call tree, from the best source the network's node offers. */
export interface TraceService {
  /** A mined transaction's call tree, decoded, with its summary; a replay says whether it reproduced the receipt. */
  transaction(networkId: string, hash: `0x${string}`, signal?: AbortSignal): Promise<TraceView>;
  /** Forgets which source a network's node offers (its chain or its address changed): the next trace asks again. */
  forget(networkId: string): void;
}

/** Options of {@link createTraceService}. */
export interface TraceServiceOptions {
  rpc: Pick<RpcService, 'request'>;
  decoding: FrameDecoding;
}

/**
 * The trace service. Per network, the source is learned from the first trace and remembered: the node's own
 * `callTracer` where it answers one, else a local replay (`replay/`), which needs only standard methods.
 */
export function createTraceService(options: TraceServiceOptions): TraceService {
  const sources = new Map<string, TraceSource>();

  const traced = async (networkId: string, hash: `0x${string}`, signal?: AbortSignal): Promise<Omit<TraceView, 'root' | 'summary'> & { frame: CallFrame }> => {
    const request: RpcRequest = (method, params, s) => options.rpc.request(networkId, method, params, { signal: s ?? signal });
    if (sources.get(networkId) !== 'replay') {
      const frame = await nodeCallTrace(request, hash, signal);
      if (frame) {
        sources.set(networkId, 'callTracer');
        return { hash, source: 'callTracer', frame };
      }
      sources.set(networkId, 'replay');
    }
    try {
      const replay = await replayTransaction({ request }, hash, { signal });
      return { hash, source: 'replay', frame: replay.frame, check: replay.check, hardfork: replay.hardfork };
    } catch (error) {
      if (error instanceof BlockglassError || signal?.aborted) throw error;
      throw new BlockglassError('Blockglass could not replay this transaction.', {
        code: 'TRACE_UNAVAILABLE',
        details: `The node offers no call tracer, so the transaction is run again here; that failed: ${(error as Error).message}`,
        cause: error,
      });
    }
  };

  return {
    async transaction(networkId, hash, signal) {
      const { frame, ...found } = await traced(networkId, hash, signal);
      const codeOf = (address: string, s?: AbortSignal) => options.rpc.request<string>(networkId, 'eth_getCode', [address, 'latest'], { signal: s });
      const root = await decodeFrames(options.decoding, networkId, frame, codeOf, signal);
      return { ...found, root, summary: summarizeTrace(frame) };
    },
    forget(networkId) {
      sources.delete(networkId);
    },
  };
}
