import { Link } from 'wouter';

/** The address page's tabs, each a deep link (`/explorer/address/<a>?tab=transactions`). */
export const ADDRESS_TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'transactions', label: 'Transactions' },
  { id: 'transfers', label: 'Token transfers' },
  { id: 'holdings', label: 'Holdings' },
  { id: 'balance', label: 'Balance over time' },
  { id: 'events', label: 'Events' },
  { id: 'holders', label: 'Holders' },
] as const;

export type AddressTab = (typeof ADDRESS_TABS)[number]['id'];

/** The tab a page's search string names; the overview when it names none (or one there is not). */
export function addressTabOf(search: string): AddressTab {
  const asked = new URLSearchParams(search).get('tab');
  return ADDRESS_TABS.find((tab) => tab.id === asked)?.id ?? 'overview';
}

/** Tabs that only a contract has. */
const CONTRACT_TABS: readonly AddressTab[] = ['events', 'holders'];

/** The tab bar: links, so each tab can be opened, shared and bookmarked; "Events" and "Holders" for a contract only. */
export function AddressTabs({ address, current, isContract }: { address: string; current: AddressTab; isContract: boolean }) {
  return (
    <nav className="address-tabs" aria-label="Address sections">
      {ADDRESS_TABS.filter((tab) => !CONTRACT_TABS.includes(tab.id) || isContract || current === tab.id).map((tab) => (
        <Link key={tab.id} href={`/explorer/address/${address}${tab.id === 'overview' ? '' : `?tab=${tab.id}`}`} className={`address-tab${tab.id === current ? ' is-current' : ''}`} aria-current={tab.id === current ? 'page' : undefined}>
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
