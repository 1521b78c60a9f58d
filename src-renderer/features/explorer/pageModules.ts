/** The page modules loaded on demand (code split), by what they show. */
export const explorerPageModules = {
  block: () => import('./block/BlockPage'),
  tx: () => import('./tx/TransactionPage'),
  txAtIndex: () => import('./tx/TransactionAtIndex'),
  address: () => import('./address/AddressPage'),
};
