import type { TopicHandlers } from '../../../src-shared/api/types';
import type { HistoryService } from './createHistoryService';

/** The contract's `history` area over the history service. */
export function historyHandlers(history: HistoryService): { topics: Pick<TopicHandlers, 'history.sent'> } {
  return {
    topics: {
      'history.sent': ({ networkId, address, before, count }, emit, signal) => history.sent(networkId, address, { ...(before !== undefined ? { before } : {}), count }, emit, signal),
    },
  };
}
