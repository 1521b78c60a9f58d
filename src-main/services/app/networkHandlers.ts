import type { MethodHandlers } from '../../../src-shared/api/types';
import type { NetworkView } from '../../../src-shared/api/views';
import type { AppDeps } from './appDeps';
import { toAbortSignal } from './toAbortSignal';

type NetworkMethods = 'networks.list' | 'networks.add' | 'networks.update' | 'networks.delete' | 'networks.select' | 'networks.test';

/** Handlers of `networks.*`: the network service's answers as views (never a key), probes through the rpc service. */
export function networkHandlers({ networks, rpc }: AppDeps): Pick<MethodHandlers, NetworkMethods> {
  // A NetworkEntry is a NetworkView: the network, `{ configured, hint, error? }`, selected, available.
  const view = (id: string): Promise<NetworkView> => networks.get(id);
  return {
    'networks.list': () => networks.list(),
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
  };
}
