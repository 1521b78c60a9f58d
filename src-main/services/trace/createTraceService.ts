import type { StateView } from '../../../src-shared/trace/stateView';
import { summarizeTrace } from '../../../src-shared/trace/summarizeTrace';
import type { TraceSource, TraceView } from '../../../src-shared/trace/traceView';
import { BlockglassError, findErrorOfKind } from '../errors/blockglassError';
import { createTokenFacts } from '../chains/tokenFacts';
import type { DecodingService } from '../decoding/createDecodingService';
import type { RpcService } from '../rpc/createRpcService';
import { decodeFrames, type FrameDecoding } from './decodeFrames';
import { nodeCallTrace } from './nodeCallTrace';
import type { RpcRequest } from './replay/rpcRequest';
import { createStorageLayouts } from './state/createStorageLayouts';
import { describeState } from './state/describeState';
import { nodePrestateDiff } from './state/nodePrestateDiff';
import type { ReceiptLog } from './state/tokenChangesOf';
import { createTraceStore, type KeptTrace } from './traceStore';
import type { Store } from '../store/openStore';

/** Inside a transaction: its call tree, from the best source the network's node offers. */
export interface TraceService {
  /** A mined transaction's call tree, decoded, with its summary; a replay says whether it reproduced the receipt. */
  transaction(networkId: string, hash: `0x${string}`, signal?: AbortSignal): Promise<TraceView>;
  /** What a mined transaction changed (each address's fields before and after, slots named, token changes), from the node's prestateTracer or the replay. */
  state(networkId: string, hash: `0x${string}`, signal?: AbortSignal): Promise<StateView>;
  /** Forgets which source a network's node offers (its chain or its address changed): the next trace asks again. */
  forget(networkId: string): void;
}

/** Options of {@link createTraceService}. */
export interface TraceServiceOptions {
  rpc: Pick<RpcService, 'request'>;
  decoding: FrameDecoding & Pick<DecodingService, 'solidityMetadata' | 'proxyOf'>;
  /** Where traces of finalized transactions are kept (by chain); none without it. */
  store?: Pick<Store, 'db' | 'assertNoSecrets'>;
  /** The chain a network is on (chains/chainKey.ts): what is kept is the chain's. */
  chainOf?: (networkId: string) => Promise<string>;
  log?: (line: string) => void;
}

/**
 * The trace service. Per network, the source is learned from the first trace and remembered: the node's own
 * `callTracer` where it answers one, else a local replay (`replay/`), which needs only standard methods.
 */
export function createTraceService(options: TraceServiceOptions): TraceService {
  const sources = new Map<string, TraceSource>();
  const kept = options.store && options.chainOf ? { store: createTraceStore(options.store, options.log), chainOf: options.chainOf } : undefined;
  const layouts = createStorageLayouts({ decoding: options.decoding, store: options.store, log: options.log });
  const tokenFacts = createTokenFacts(options.rpc);

  /** Keeps a trace whose transaction is in a finalized block: it cannot change any more. */
  const keep = async (networkId: string, hash: `0x${string}`, trace: KeptTrace, signal?: AbortSignal) => {
    if (!kept) return;
    const [transaction, finalized] = (await Promise.all([
      options.rpc.request(networkId, 'eth_getTransactionByHash', [hash], { signal }),
      options.rpc.request(networkId, 'eth_getBlockByNumber', ['finalized', false], { signal }).catch(() => null),
    ])) as [{ blockNumber?: string | null } | null, { number?: string } | null];
    if (!transaction?.blockNumber || !finalized?.number || BigInt(transaction.blockNumber) > BigInt(finalized.number)) return;
    kept.store.write(await kept.chainOf(networkId), hash, trace);
  };

  /** The transaction replayed here; a failure of the replay itself said in words. */
  const replayOf = async (request: RpcRequest, hash: `0x${string}`, signal?: AbortSignal) => {
    try {
      // The EVM and its precompiles' curves load with the first replay, not with every start (docs/design-notes.md, "bundles").
      const { replayTransaction } = await import('./replay/replayTransaction');
      return await replayTransaction({ request }, hash, { signal });
    } catch (error) {
      if (error instanceof BlockglassError || signal?.aborted) throw error;
      throw new BlockglassError('Blockglass could not replay this transaction.', {
        code: 'TRACE_UNAVAILABLE',
        details: `The node offers no call tracer, so the transaction is run again here; that failed: ${(error as Error).message}`,
        cause: error,
      });
    }
  };

  const traced = async (networkId: string, hash: `0x${string}`, signal?: AbortSignal): Promise<KeptTrace> => {
    const request: RpcRequest = (method, params, s) => options.rpc.request(networkId, method, params, { signal: s ?? signal });
    if (sources.get(networkId) !== 'replay') {
      const frame = await nodeCallTrace(request, hash, signal);
      if (frame) {
        sources.set(networkId, 'callTracer');
        return { source: 'callTracer', frame };
      }
      sources.set(networkId, 'replay');
    }
    const replay = await replayOf(request, hash, signal);
    return { source: 'replay', frame: replay.frame, check: replay.check, hardfork: replay.hardfork, stateDiff: replay.stateDiff };
  };

  // Traces made in the last minute, so the Trace and State tabs of one transaction replay it once even where it is
  // not final (not kept); a minute, because a block that is not final may yet be replaced.
  const recent = new Map<string, { at: number; trace: KeptTrace }>();
  const RECENT_MS = 60_000;
  const RECENT_MAX = 16;

  /** The kept trace, else a recent one, else a new one (kept when final). A replay kept before it carried its state diff is replayed again. */
  const traceOf = async (networkId: string, hash: `0x${string}`, signal?: AbortSignal, withState = false): Promise<KeptTrace> => {
    const chain = kept ? await kept.chainOf(networkId) : undefined;
    const known = chain !== undefined ? kept!.store.read(chain, hash) : undefined;
    if (known && !(withState && known.source === 'replay' && !known.stateDiff)) return known;
    const key = `${networkId}|${hash.toLowerCase()}`;
    const fresh = recent.get(key);
    const trace = fresh && Date.now() - fresh.at < RECENT_MS ? fresh.trace : await traced(networkId, hash, signal);
    if (trace !== fresh?.trace) {
      recent.delete(key);
      recent.set(key, { at: Date.now(), trace });
      for (const old of recent.keys()) if (recent.size > RECENT_MAX) recent.delete(old);
    }
    await keep(networkId, hash, trace, signal).catch((error: unknown) => options.log?.(`trace: ${hash} was not kept: ${(error as Error).message}`));
    return trace;
  };

  return {
    async transaction(networkId, hash, signal) {
      const trace = await traceOf(networkId, hash, signal);
      const { frame, stateDiff: _stateDiff, ...found } = { ...trace, hash };
      const codeOf = (address: string, s?: AbortSignal) => options.rpc.request<string>(networkId, 'eth_getCode', [address, 'latest'], { signal: s });
      const root = await decodeFrames(options.decoding, networkId, frame, codeOf, signal);
      return { ...found, root, summary: summarizeTrace(frame) };
    },
    async state(networkId, hash, signal) {
      const request: RpcRequest = (method, params, s) => options.rpc.request(networkId, method, params, { signal: s ?? signal });
      const trace = await traceOf(networkId, hash, signal, true);
      const [receipt, transaction] = (await Promise.all([request('eth_getTransactionReceipt', [hash], signal), request('eth_getTransactionByHash', [hash], signal)])) as [
        { logs?: ReceiptLog[]; blockNumber?: string } | null,
        { from?: string; to?: string | null } | null,
      ];
      const logs = receipt?.logs ?? [];
      const block = receipt?.blockNumber ? ((await request('eth_getBlockByNumber', [receipt.blockNumber, false], signal).catch(() => null)) as { miner?: string } | null) : null;
      // The node's own diff where it traced the transaction itself; a replay's diff was read off the same replay. A node
      // that gives a call tree but refuses prestateTracer has the transaction replayed here for its diff.
      const fromNode =
        trace.source === 'callTracer'
          ? await nodePrestateDiff(request, hash, signal).catch((error: unknown) => {
              if (signal?.aborted || findErrorOfKind(error, 'unreachable', 'timeout', 'limit', 'credentials', 'cancelled') !== null) throw error;
              return undefined;
            })
          : undefined;
      let replayed: Pick<KeptTrace, 'stateDiff' | 'check'> = trace;
      if (!fromNode && !trace.stateDiff) {
        const replay = await replayOf(request, hash, signal);
        replayed = { stateDiff: replay.stateDiff, check: replay.check };
      }
      const diff = fromNode ?? replayed.stateDiff;
      if (!diff) throw new BlockglassError('Blockglass could not tell what this transaction changed.', { code: 'TRACE_UNAVAILABLE', details: 'The node gave no state diff and the replay none either.' });
      return describeState(
        { decoding: options.decoding, layoutOf: layouts.of, tokenFacts: tokenFacts.read },
        networkId,
        {
          hash,
          source: fromNode ? 'prestateTracer' : 'replay',
          diff,
          root: trace.frame,
          logs,
          roles: { sender: transaction?.from, recipient: transaction?.to, feeRecipient: block?.miner },
          ...(fromNode || !replayed.check ? {} : { check: replayed.check }),
        },
        signal,
      );
    },
    forget(networkId) {
      sources.delete(networkId);
      for (const key of [...recent.keys()]) if (key.startsWith(`${networkId}|`)) recent.delete(key);
    },
  };
}
