import type { MethodHandlers, TopicHandlers } from '../../../src-shared/api/types';
import { toAbortSignal } from '../rpc/toAbortSignal';
import type { LogsService } from './createLogsService';

type LogsMethods = Pick<MethodHandlers, 'logs.preflight' | 'logs.events' | 'logs.export' | 'logs.savedList' | 'logs.save' | 'logs.rename' | 'logs.duplicate' | 'logs.delete'>;

/** The contract's `logs` area over the logs service. */
export function logsHandlers(logs: LogsService): { methods: LogsMethods; topics: Pick<TopicHandlers, 'logs.run' | 'logs.tail'> } {
  return {
    methods: {
      'logs.preflight': ({ networkId, query }, context) => logs.preflight(networkId, query, toAbortSignal(context.signal)),
      'logs.events': ({ networkId, search, address }, context) => logs.events(networkId, search, address, toAbortSignal(context.signal)),
      'logs.export': ({ runId, format }) => logs.export(runId, format),
      'logs.savedList': async () => logs.savedList(),
      'logs.save': async ({ name, networkId, query }) => logs.save(name, networkId, query),
      'logs.rename': async ({ id, name }) => logs.rename(id, name),
      'logs.duplicate': async ({ id }) => logs.duplicate(id),
      'logs.delete': async ({ id }) => logs.delete(id),
    },
    topics: {
      'logs.run': ({ networkId, query }, emit, signal, context) => logs.run(networkId, query, emit, signal, context.backlog),
      'logs.tail': ({ networkId, query }, emit, signal) => logs.tail(networkId, query, emit, signal),
    },
  };
}
