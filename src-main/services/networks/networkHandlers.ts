import type { NetworkView } from '../../../src-shared/api/networks';
import type { MethodHandlers, TopicHandlers } from '../../../src-shared/api/types';
import type { HealthEvent } from '../../../src-shared/api/networks';
import { toAbortSignal } from '../rpc/toAbortSignal';
import type { RpcService } from '../rpc/createRpcService';
import type { FeedHub } from '../rpc/createFeedHub';
import type { NetworkService } from './createNetworkService';

type NetworkMethods = 'networks.list' | 'networks.chainIdAt' | 'networks.add' | 'networks.update' | 'networks.delete' | 'networks.select' | 'networks.test';

/** What the `networks` area's handlers are written against. */
export interface NetworkHandlerDeps {
  networks: NetworkService;
  rpc: Pick<RpcService, 'probe'>;
  /** Main's one health feed per network (see createFeedHub). */
  health: Pick<FeedHub<HealthEvent>, 'watch'>;
}

/**
 * Handlers of `networks.*` and `network.health`: the network service's answers as views (never a key),
 * probes through the rpc service, and each watcher of a network's health on the network's one shared feed.
 */
export function networkHandlers({ networks, rpc, health }: NetworkHandlerDeps): {
  methods: Pick<MethodHandlers, NetworkMethods>;
  topics: Pick<TopicHandlers, 'network.health'>;
} {
  // A NetworkEntry is a NetworkView: the network, `{ configured, hint, error? }`, selected, available.
  const view = (id: string): Promise<NetworkView> => networks.get(id);
  return {
    methods: {
      'networks.list': () => networks.list(),
      'networks.chainIdAt': async (input, context) => ({ chainId: await networks.chainIdAt(input, toAbortSignal(context.signal)) }),
      'networks.add': async (input) => view((await networks.add(input)).id),
      'networks.update': async ({ networkId, network }) => view((await networks.update(networkId, network)).id),
      'networks.delete': async ({ networkId }) => {
        await networks.delete(networkId);
        return { deleted: true };
      },
      'networks.select': async ({ networkId }) => {
        await networks.select(networkId);
        return view(networkId);
      },
      'networks.test': ({ networkId }, context) => rpc.probe(networkId, toAbortSignal(context.signal)),
    },
    topics: {
      // What it emits leaves through the dispatcher's door, which removes every secret main knows.
      'network.health': ({ networkId }, emit, signal) => health.watch(networkId, emit, signal),
    },
  };
}
