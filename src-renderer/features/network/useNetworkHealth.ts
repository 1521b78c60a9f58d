import type { NetworkView } from '../../../src-shared/api/networks';
import { useLiveSubscription } from '../../hooks/useLiveSubscription';
import { describeHealth, type HealthDescription } from './describeHealth';

/**
 * The live status of `network` from the `network.health` subscription, described for the status dot.
 * The subscription follows the network: switching networks ends the old feed and starts a new one.
 */
export function useNetworkHealth(network: NetworkView | undefined): HealthDescription | undefined {
  const health = useLiveSubscription('network.health', network ? { networkId: network.id } : undefined);
  return network ? describeHealth(network.name, health.data, health.error) : undefined;
}
