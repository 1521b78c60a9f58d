import { LinkTabs, tabOf } from '../../../components/LinkTabs';

/** The transaction page's tabs, each a deep link (`/explorer/tx/<hash>?tab=trace`), as the address page's are. */
export const TRANSACTION_TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'trace', label: 'Trace' },
  { id: 'state', label: 'State' },
  { id: 'whatif', label: 'What if' },
] as const;

/** One of the transaction page's tabs. */
export type TransactionTab = (typeof TRANSACTION_TABS)[number]['id'];

/** The tab a page's search string names; the overview when it names none (or one there is not). */
export const transactionTabOf = (search: string): TransactionTab => tabOf(TRANSACTION_TABS, search);

/** The tab bar. */
export function TransactionTabs({ hash, current }: { hash: string; current: TransactionTab }) {
  return <LinkTabs label="Transaction sections" path={`/explorer/tx/${hash}`} tabs={TRANSACTION_TABS} current={current} />;
}
