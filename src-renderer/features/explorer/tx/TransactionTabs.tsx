import { Link } from 'wouter';

/** The transaction page's tabs, each a deep link (`/explorer/tx/<hash>?tab=trace`), as the address page's are. */
export const TRANSACTION_TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'trace', label: 'Trace' },
] as const;

/** One of the transaction page's tabs. */
export type TransactionTab = (typeof TRANSACTION_TABS)[number]['id'];

/** The tab a page's search string names; the overview when it names none (or one there is not). */
export function transactionTabOf(search: string): TransactionTab {
  const asked = new URLSearchParams(search).get('tab');
  return TRANSACTION_TABS.find((tab) => tab.id === asked)?.id ?? 'overview';
}

/** The tab bar: links, so each tab can be opened, shared and bookmarked. */
export function TransactionTabs({ hash, current }: { hash: string; current: TransactionTab }) {
  return (
    <nav className="address-tabs" aria-label="Transaction sections">
      {TRANSACTION_TABS.map((tab) => (
        <Link key={tab.id} href={`/explorer/tx/${hash}${tab.id === 'overview' ? '' : `?tab=${tab.id}`}`} className={`address-tab${tab.id === current ? ' is-current' : ''}`} aria-current={tab.id === current ? 'page' : undefined}>
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
