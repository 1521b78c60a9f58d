import type { MethodHandlers, TopicHandlers } from '../../../src-shared/api/types';
import { toAbortSignal } from '../rpc/toAbortSignal';
import type { HistoryService } from './createHistoryService';

/** The contract's `history` area over the history service. */
export function historyHandlers(history: HistoryService): { methods: Pick<MethodHandlers, 'history.approvals' | 'history.holdings' | 'history.creation' | 'history.holders' | 'history.balance' | 'history.exportTransfers'>; topics: Pick<TopicHandlers, 'history.sent' | 'history.transfers' | 'history.callers'> } {
  return {
    methods: {
      'history.approvals': ({ networkId, address }, context) => history.approvals(networkId, address, toAbortSignal(context.signal)),
      'history.holdings': ({ networkId, address }, context) => history.holdings(networkId, address, toAbortSignal(context.signal)),
      'history.exportTransfers': ({ networkId, address }, context) => history.exportTransfers(networkId, address, toAbortSignal(context.signal)),
      'history.balance': ({ networkId, address, samples }, context) => history.balance(networkId, address, samples ?? 48, toAbortSignal(context.signal)),
      'history.holders': ({ networkId, token }, context) => history.holders(networkId, token, toAbortSignal(context.signal)),
      'history.creation': async ({ networkId, address }, context) => ({ creation: await history.creation(networkId, address, toAbortSignal(context.signal)) }),
    },
    topics: {
      'history.sent': ({ networkId, address, before, count }, emit, signal) => history.sent(networkId, address, { ...(before !== undefined ? { before } : {}), count }, emit, signal),
      'history.transfers': ({ networkId, address }, emit, signal) => history.transfers(networkId, address, emit, signal),
      'history.callers': ({ networkId, address }, emit, signal) => history.callers(networkId, address, emit, signal),
    },
  };
}
