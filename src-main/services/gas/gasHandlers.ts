import type { MethodHandlers, TopicHandlers } from '../../../src-shared/api/types';
import { toAbortSignal } from '../rpc/toAbortSignal';
import type { GasService } from './createGasService';

type GasMethods = Pick<
  MethodHandlers,
  'gas.history' | 'gas.blocks' | 'gas.settings' | 'gas.updateSettings' | 'gas.alerts' | 'gas.addAlert' | 'gas.deleteAlert' | 'gas.snoozeAlert' | 'gas.firedAlerts'
>;

/** The contract's `gas` area over the gas service. */
export function gasHandlers(gas: GasService): { methods: GasMethods; topics: Pick<TopicHandlers, 'gas.watch'> } {
  return {
    methods: {
      'gas.history': ({ networkId, range, points }) => gas.history(networkId, range, points),
      'gas.blocks': ({ networkId, count }, context) => gas.blocks(networkId, count, toAbortSignal(context.signal)),
      'gas.settings': async () => gas.settings(),
      'gas.updateSettings': async (change) => gas.updateSettings(change),
      'gas.alerts': async () => gas.alerts(),
      'gas.addAlert': async ({ networkId, metric, direction, threshold }) => gas.addAlert(networkId, metric, direction, threshold),
      'gas.deleteAlert': async ({ id }) => gas.deleteAlert(id),
      'gas.snoozeAlert': async ({ id, minutes }) => gas.snoozeAlert(id, minutes),
      'gas.firedAlerts': async ({ limit }) => gas.firedAlerts(limit),
    },
    topics: {
      'gas.watch': ({ networkId }, emit, signal) => gas.watch(networkId, emit, signal),
    },
  };
}
