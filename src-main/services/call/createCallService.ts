import { decodeAbiParameters, getAddress, isAddress, type AbiParameter, type Hex } from 'viem';
import type { CallHistoryEntry, CallOutcome, CallRequest, ContractAbiView, SuggestedFrom } from '../../../src-shared/call/types';
import { outcomeInBrief } from '../../../src-shared/call/outcomeInBrief';
import { canonicalType } from '../../../src-shared/decoding/candidates';
import { toDecodedValue } from '../../../src-shared/decoding/jsonSafe';
import { outputsWithTokenUnits, TOKEN_AMOUNT_OUTPUTS } from '../../../src-shared/decoding/tokenAmounts';
import type { Decoding } from '../../../src-shared/decoding/types';
import { BlockglassError, walkCauses } from '../errors/blockglassError';
import type { DecodingService } from '../decoding/createDecodingService';
import { blockParam, parseBlockRef } from '../chains/blockRef';
import type { RpcService } from '../rpc/createRpcService';
import { revertPayload } from '../rpc/dialects/revertPayload';
import { REVERTED_WITHOUT_DATA } from '../rpc/dialects/revertedWithoutData';
import type { Store } from '../store/openStore';
import { createCallHistory } from './callHistory';
import { createStarknetCall } from './createStarknetCall';
import type { StarknetCallOutcome, StarknetCallRequest } from '../../../src-shared/starknet/types';

/** The call playground's work in main: eth_call, decoding, and the history. */
export interface CallService {
  run(networkId: string, request: CallRequest, signal?: AbortSignal): Promise<CallOutcome>;
  /** Starknet's call (starknet_call) on a Starknet network. */
  starknet(networkId: string, request: StarknetCallRequest, signal?: AbortSignal): Promise<StarknetCallOutcome>;
  abi(networkId: string, address: string, signal?: AbortSignal): Promise<ContractAbiView>;
  /** What From is filled with: the node's first account (`eth_accounts`) where offered, else the network's last one used. */
  suggestedFrom(networkId: string, signal?: AbortSignal): Promise<SuggestedFrom>;
  decodeData(networkId: string, to: string | null, data: string, signal?: AbortSignal): Promise<Decoding>;
  history(networkId: string): CallHistoryEntry[];
  pin(id: number, pinned: boolean): CallHistoryEntry;
  deleteHistory(id: number): { deleted: boolean };
  /** Writes the calls the history still holds in memory (before the store closes). */
  flush(): void;
}

export interface CallServiceOptions {
  rpc: Pick<RpcService, 'request'>;
  decoding: Pick<DecodingService, 'contractAbi' | 'decodeCallData' | 'decodeRevert' | 'tokenUnits'>;
  store: Pick<Store, 'db' | 'assertNoSecrets' | 'transaction'>;
  /** The chain id of a network (the history keeps it beside the network). */
  chainOf: (networkId: string) => Promise<string>;
  /** The family of a network (Starknet calls go to Starknet networks only); every network is EVM without it. */
  familyOf?: (networkId: string) => Promise<'evm' | 'starknet'>;
  /** Removes every key and secret from a text (the node's answer is already redacted by the rpc service: a second guard). */
  redact: (text: string) => string;
  log?: (line: string) => void;
}

/** The service caps `gas` silently past this many block gas limits (see the reference's eth_call notes). */
const GAS_CAP_BLOCKS = 10n;

export function createCallService(options: CallServiceOptions): CallService {
  const { rpc, decoding } = options;
  const history = createCallHistory(options.store, options.log);
  const starknet = createStarknetCall({ rpc, familyOf: options.familyOf ?? (async () => 'evm'), redact: options.redact });

  const run = async (networkId: string, request: CallRequest, signal?: AbortSignal): Promise<CallOutcome> => {
    const ref = parseBlockRef(request.block);
    const block = ref.kind === 'hash' ? { blockHash: ref.hash } : blockParam(ref);
    const params: unknown[] = [request.call, block];
    const overriding = request.overrides !== undefined && Object.keys(request.overrides).length > 0;
    if (overriding) params.push(request.overrides);
    // The block's header beside the call, only when it tells something the request does not: its gas limit for
    // the gas warning, or the number of a block asked by hash. (Asked for every call, this second request cost
    // about a millisecond on a call of one or two: bench/call.ts.) A number asked is the number it ran at; a tag
    // (latest, safe…) is shown as the tag.
    const needsHeader = request.call.gas !== undefined || ref.kind === 'hash';
    const header: Promise<{ number?: string; gasLimit?: string } | null> = !needsHeader
      ? Promise.resolve(null)
      : (ref.kind === 'hash'
          ? rpc.request<{ number?: string; gasLimit?: string } | null>(networkId, 'eth_getBlockByHash', [ref.hash, false], { signal })
          : rpc.request<{ number?: string; gasLimit?: string } | null>(networkId, 'eth_getBlockByNumber', [block, false], { signal })
        ).catch(() => null);
    const ranAt = (head: { number?: string } | null): string | null => head?.number ?? (ref.kind === 'number' ? `0x${ref.number.toString(16)}` : null);
    /** A token's balanceOf, totalSupply or allowance in the token's units (see tokenAmounts.ts). */
    const inTokenUnits = async (fn: NonNullable<CallRequest['fn']>, to: string | undefined | null, outputs: ReturnType<typeof decodeOutputs>): Promise<ReturnType<typeof decodeOutputs>> => {
      const signature = `${fn.name}(${fn.inputs.map(canonicalType).join(',')})`;
      if (!to || outputs?.status !== 'decoded' || TOKEN_AMOUNT_OUTPUTS[signature] === undefined) return outputs;
      return { ...outputs, args: outputsWithTokenUnits(signature, outputs.args, await decoding.tokenUnits(networkId, to, signal).catch(() => null)) };
    };
    const started = performance.now();
    let outcome: CallOutcome;
    try {
      const returnData = await rpc.request<string>(networkId, 'eth_call', params, { signal });
      const elapsedMs = performance.now() - started;
      const head = await header;
      outcome = { ok: true, returnData, outputs: request.fn ? await inTokenUnits(request.fn, request.call.to, decodeOutputs(request.fn.outputs, returnData)) : null, elapsedMs, blockNumber: ranAt(head), warnings: warningsFor(request, head) };
    } catch (error) {
      const elapsedMs = performance.now() - started;
      const answered = walkCauses(error, (cause) => cause instanceof BlockglassError && typeof cause.code === 'number') as BlockglassError | null;
      if (!answered) throw error; // no answer from the node (unreachable, cancelled): the page shows the mapped error
      // The revert bytes wherever this node keeps them (Hardhat: data.data; Ganache, Nethermind: their own shapes).
      const found = revertPayload(error);
      const data = found.reverted && found.data !== null ? found.data : undefined;
      const head = await header;
      const warnings = warningsFor(request, head);
      if (overriding && (answered.code === -32602 || answered.code === -32601)) warnings.push('This network may not accept state overrides: run the call without them to tell.');
      outcome = {
        ok: false,
        error: {
          code: answered.code as number,
          message: options.redact(answered.shortMessage),
          ...(answered.nodeSaid !== undefined ? { nodeSaid: options.redact(answered.nodeSaid) } : {}),
          ...(data !== undefined ? { data } : {}),
        },
        revert: !found.reverted ? null : data !== undefined ? await decoding.decodeRevert(networkId, request.call.to ?? null, data, signal, request.errors) : REVERTED_WITHOUT_DATA,
        elapsedMs,
        blockNumber: ranAt(head),
        warnings,
      };
    }
    const chain = await options.chainOf(networkId);
    history.add(networkId, chain, request, outcomeInBrief(outcome));
    return outcome;
  };

  const suggestedFrom = async (networkId: string, signal?: AbortSignal): Promise<SuggestedFrom> => {
    try {
      const accounts = await rpc.request<unknown>(networkId, 'eth_accounts', [], { signal });
      const first = Array.isArray(accounts) ? accounts[0] : undefined;
      if (typeof first === 'string' && isAddress(first, { strict: false })) return { address: getAddress(first), source: 'node' };
    } catch (error) {
      if (signal?.aborted) throw error;
      // Not offered (a hosted service refuses it), or the node does not answer: the last one used still helps.
    }
    const last = history.lastFrom(networkId);
    return last !== undefined ? { address: last, source: 'history' } : { address: null, source: null };
  };

  return {
    run,
    suggestedFrom,
    starknet: (networkId, request, signal) => starknet.run(networkId, request, signal),
    abi: (networkId, address, signal) => decoding.contractAbi(networkId, address, signal),
    decodeData: (networkId, to, data, signal) => decoding.decodeCallData(networkId, to, data, signal),
    history: (networkId) => history.list(networkId),
    pin: (id, pinned) => history.pin(id, pinned),
    deleteHistory: (id) => history.delete(id),
    flush: () => history.flush(),
  };
}

/** The outputs of a function decoded from return data, by name and type; raw with the reason when they do not decode. */
export function decodeOutputs(outputs: readonly AbiParameter[], returnData: string): Extract<CallOutcome, { ok: true }>['outputs'] {
  if (outputs.length === 0) return returnData === '0x' ? { status: 'decoded', args: [] } : { status: 'raw', reason: `The function declares no outputs, but the call returned ${(returnData.length - 2) / 2} bytes.` };
  try {
    const values = decodeAbiParameters(outputs, returnData as Hex);
    return { status: 'decoded', args: outputs.map((output, index) => ({ name: output.name || `output${index}`, type: canonicalType(output), value: toDecodedValue(values[index]) })) };
  } catch (error) {
    const reason = returnData === '0x' ? 'The call returned no data: the address may hold no contract, or the function does not exist there.' : `The return data does not decode as (${outputs.map(canonicalType).join(',')}): ${(error as Error).message.split('\n')[0]}`;
    return { status: 'raw', reason };
  }
}

function warningsFor(request: CallRequest, head: { gasLimit?: string } | null): string[] {
  const warnings: string[] = [];
  const gas = request.call.gas !== undefined ? BigInt(request.call.gas) : undefined;
  const limit = typeof head?.gasLimit === 'string' ? BigInt(head.gasLimit) : undefined;
  if (gas !== undefined && limit !== undefined && gas > limit * GAS_CAP_BLOCKS) {
    warnings.push(`gas ${gas.toLocaleString('en-US')} is more than ${GAS_CAP_BLOCKS}x the block gas limit (${limit.toLocaleString('en-US')}): the hosted service caps it silently, so the call may run with less gas than asked.`);
  }
  return warnings;
}
