import type { MethodHandlers, TopicHandlers } from '../../../src-shared/api/types';
import { toAbortSignal } from '../rpc/toAbortSignal';
import type { ExplorerService } from './createExplorerService';

type ExplorerMethods = Pick<MethodHandlers, 'explorer.block' | 'explorer.transaction' | 'explorer.address' | 'explorer.storage' | 'explorer.importAbi' | 'explorer.deleteAbi' | 'explorer.marks' | 'explorer.tokenFacts'>;

/** The contract's `explorer` area over the explorer service. */
export function explorerHandlers(explorer: ExplorerService): { methods: ExplorerMethods; topics: Pick<TopicHandlers, 'explorer.latest'> } {
  return {
    methods: {
      'explorer.block': ({ networkId, block }, context) => explorer.block(networkId, block, toAbortSignal(context.signal)),
      'explorer.transaction': (input, context) =>
        explorer.transaction(input.networkId, 'hash' in input ? { hash: input.hash } : { blockHash: input.blockHash, index: input.index }, toAbortSignal(context.signal)),
      'explorer.address': ({ networkId, address, block }, context) => explorer.address(networkId, address, block, toAbortSignal(context.signal)),
      'explorer.storage': ({ networkId, address, slot, block }, context) => explorer.storage(networkId, address, slot, block, toAbortSignal(context.signal)),
      'explorer.marks': ({ networkId, addresses }, context) => explorer.marks(networkId, addresses, toAbortSignal(context.signal)),
      'explorer.importAbi': ({ networkId, address, abi, label }) => explorer.importAbi(networkId, address, abi, label),
      'explorer.deleteAbi': ({ networkId, address }) => explorer.deleteAbi(networkId, address),
      'explorer.tokenFacts': ({ networkId, token, block, holders }, context) =>
        explorer.tokenFacts(networkId, token, { ...(block !== undefined ? { block } : {}), ...(holders !== undefined ? { holders } : {}) }, toAbortSignal(context.signal)),
    },
    topics: {
      'explorer.latest': ({ networkId, count }, emit, signal) => explorer.watchLatest(networkId, count ?? 10, emit, signal),
    },
  };
}
