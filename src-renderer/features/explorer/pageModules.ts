import { loadHistoryTabs } from './address/history/historyTabsModule';
import { loadReplayTabs } from './tx/replayTabsModule';

/** The page modules loaded on demand (code split), by what they show. */
export const explorerPageModules = {
  block: () => import('./block/BlockPage'),
  tx: () => import('./tx/TransactionPage'),
  txAtIndex: () => import('./tx/TransactionAtIndex'),
  address: () => import('./address/AddressPage'),
  /** The address page's history tabs (transactions, transfers, balance over time…): not needed by its overview. */
  addressHistory: loadHistoryTabs,
  /** The transaction page's replay tabs (trace, state, what if): not needed by its overview. */
  txReplay: loadReplayTabs,
};
