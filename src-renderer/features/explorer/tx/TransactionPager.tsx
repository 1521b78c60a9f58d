import { Link } from '../../../components/Link';
import type { TransactionView } from '../../../../src-shared/api/explorer';

/** The transactions before and after this one in its block, and where it stands among them. */
export function TransactionPager({ position }: { position: NonNullable<TransactionView['position']> }) {
  return (
    <nav className="explorer-pager" aria-label="Neighbouring transactions in the block">
      {position.previous ? (
        <Link className="btn btn-small" href={`/explorer/tx/${position.previous}`}>
          ← Previous in block
        </Link>
      ) : null}
      <span className="muted">
        {position.index + 1} of {position.count}
      </span>
      {position.next ? (
        <Link className="btn btn-small" href={`/explorer/tx/${position.next}`}>
          Next in block →
        </Link>
      ) : null}
    </nav>
  );
}
