import type { TransactionRow } from '../../../src-shared/api/explorer';

/** A transaction's outcome as a badge. */
export function StatusBadge({ status }: { status: TransactionRow['status'] }) {
  if (status === 'success') return <span className="badge badge-ok">Success</span>;
  if (status === 'failed') return <span className="badge badge-danger">Failed</span>;
  return <span className="badge badge-warn">Pending</span>;
}
