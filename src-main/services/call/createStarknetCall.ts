import type { StarknetBlockId } from '../../../src-shared/starknet/blockId';
import { parseStarknetBlockId } from '../../../src-shared/starknet/blockId';
import { isFeltList } from '../../../src-shared/starknet/felt';
import { explainStarknetError } from '../../../src-shared/starknet/starknetErrors';
import { starknetCallParams } from '../../../src-shared/starknet/starknetCallText';
import type { StarknetCallOutcome, StarknetCallRequest } from '../../../src-shared/starknet/types';
import { BlockglassError, walkCauses } from '../errors/blockglassError';
import type { RpcService } from '../rpc/createRpcService';

export interface StarknetCallOptions {
  rpc: Pick<RpcService, 'request'>;
  /** The family of a network: a Starknet call on an EVM network is refused before anything is sent. */
  familyOf: (networkId: string) => Promise<'evm' | 'starknet'>;
  /** Removes every key and secret from a text (a second guard after the rpc service's). */
  redact: (text: string) => string;
}

/** A request the app will not send: said in words, before the node is asked. */
export class StarknetCallRefusedError extends BlockglassError {
  override name = 'StarknetCallRefusedError';
  constructor(message: string, details?: string) {
    super(message, { code: 'INVALID_INPUT', ...(details ? { details } : {}) });
  }
}

/** Spec versions before 0.9 call the block being built `pending` and have no `l1_accepted`. */
function isBefore09(version: string | null): boolean {
  const match = version ? /^(\d+)\.(\d+)/.exec(version) : null;
  if (!match) return false;
  const major = Number(match[1]);
  const minor = Number(match[2]);
  return major === 0 && minor < 9;
}

/**
 * Starknet's call (the service spec's `l2_call`, the node's `starknet_call`) with params by name. The block tag
 * for the block being built is `pre_confirmed` from spec 0.9 and `pending` before: the node's
 * `starknet_specVersion` (asked once per network) decides which is sent.
 */
export function createStarknetCall(options: StarknetCallOptions) {
  const { rpc } = options;
  const versions = new Map<string, Promise<string | null>>();

  const specVersion = (networkId: string, signal?: AbortSignal): Promise<string | null> => {
    let known = versions.get(networkId);
    if (!known) {
      known = rpc.request<unknown>(networkId, 'starknet_specVersion', [], { signal }).then(
        (answer) => (typeof answer === 'string' ? answer : null),
        () => {
          versions.delete(networkId); // asked again next time: the node may have been down
          return null;
        },
      );
      versions.set(networkId, known);
    }
    return known;
  };

  /** The block id the node understands, or why it cannot be asked for. */
  const wireBlockId = async (networkId: string, typed: StarknetBlockId, signal?: AbortSignal): Promise<{ blockId: StarknetBlockId | 'pending'; version: string | null }> => {
    if (typed !== 'pre_confirmed' && typed !== 'l1_accepted') return { blockId: typed, version: versions.has(networkId) ? await specVersion(networkId, signal) : null };
    const version = await specVersion(networkId, signal);
    if (!isBefore09(version)) return { blockId: typed, version };
    if (typed === 'pre_confirmed') return { blockId: 'pending', version };
    throw new StarknetCallRefusedError(`This node speaks Starknet spec ${version}, which has no l1_accepted tag.`, 'Ask for latest, pending, a block number or a block hash.');
  };

  return {
    async run(networkId: string, request: StarknetCallRequest, signal?: AbortSignal): Promise<StarknetCallOutcome> {
      if ((await options.familyOf(networkId)) !== 'starknet') {
        throw new StarknetCallRefusedError('This is an EVM network: Starknet calls go to Starknet networks.', 'Pick a Starknet network, or use eth_call here.');
      }
      const parsed = parseStarknetBlockId(request.block);
      if (!parsed.ok) throw new StarknetCallRefusedError(parsed.message);
      const { blockId, version } = await wireBlockId(networkId, parsed.blockId, signal);
      const params = starknetCallParams(request, blockId as StarknetBlockId);
      const started = performance.now();
      try {
        const result = await rpc.request<unknown>(networkId, 'starknet_call', params, { signal });
        const elapsedMs = performance.now() - started;
        if (!isFeltList(result)) throw new StarknetCallRefusedError('The node answered starknet_call with something other than a list of felts.', 'It may not be a Starknet node, or it may speak another version of the spec.');
        return { ok: true, result, elapsedMs, blockId: blockId as StarknetBlockId, specVersion: version };
      } catch (error) {
        const elapsedMs = performance.now() - started;
        const answered = walkCauses(error, (cause) => cause instanceof BlockglassError && typeof cause.code === 'number') as BlockglassError | null;
        if (!answered) throw error; // no answer from the node (unreachable, cancelled): the page shows the mapped error
        const said = options.redact(answered.shortMessage);
        const explained = explainStarknetError(answered.code as number, said, answered.data, request);
        return { ok: false, error: explained, elapsedMs, blockId: blockId as StarknetBlockId, specVersion: version };
      }
    },
  };
}
