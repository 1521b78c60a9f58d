// The address page's history tabs, one script loaded apart from the page (explorerPageModules.addressHistory): the
// overview, which an address link opens, needs none of them, nor their table, chart and stream code.
export { Approvals } from './Approvals';
export { BalanceHistory } from './BalanceHistory';
export { Callers } from './Callers';
export { ContractEvents } from './ContractEvents';
export { Holdings } from './Holdings';
export { SentTransactions } from './SentTransactions';
export { TokenHolders } from './TokenHolders';
export { TokenTransfers } from './TokenTransfers';
