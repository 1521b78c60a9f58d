import { LinkTabs, tabOf } from '../../../components/LinkTabs';

/** The address page's tabs, each a deep link (`/explorer/address/<a>?tab=transactions`). */
export const ADDRESS_TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'transactions', label: 'Transactions' },
  { id: 'transfers', label: 'Token transfers' },
  { id: 'holdings', label: 'Holdings' },
  { id: 'approvals', label: 'Approvals' },
  { id: 'balance', label: 'Balance over time' },
  { id: 'events', label: 'Events' },
  { id: 'holders', label: 'Holders' },
] as const;

export type AddressTab = (typeof ADDRESS_TABS)[number]['id'];

/** The tab a page's search string names; the overview when it names none (or one there is not). */
export const addressTabOf = (search: string): AddressTab => tabOf(ADDRESS_TABS, search);

/** Tabs that only a contract has. */
const CONTRACT_TABS: readonly AddressTab[] = ['events', 'holders'];

/** The tab bar; "Events" and "Holders" for a contract only (or when a link opened one). */
export function AddressTabs({ address, current, isContract }: { address: string; current: AddressTab; isContract: boolean }) {
  const tabs = ADDRESS_TABS.filter((tab) => !CONTRACT_TABS.includes(tab.id) || isContract || current === tab.id);
  return <LinkTabs label="Address sections" path={`/explorer/address/${address}`} tabs={tabs} current={current} />;
}
