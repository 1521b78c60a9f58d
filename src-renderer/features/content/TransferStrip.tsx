import { Link } from '../../components/Link';
import { formatBytes } from '../../lib/formatBytes';
import { useTransfers, type Transfer } from './useTransfers';

/** Uploads and saves of this window, each with its progress bar, Cancel while running, and its result. */
export function TransferStrip() {
  const transfers = useTransfers((state) => state.transfers);
  if (transfers.length === 0) return null;
  return (
    <section className="content-transfers" aria-label="Transfers">
      {transfers.map((transfer) => (
        <TransferRow key={transfer.id} transfer={transfer} />
      ))}
    </section>
  );
}

function TransferRow({ transfer }: { transfer: Transfer }) {
  const dismiss = useTransfers((state) => state.dismiss);
  const fraction = transfer.total ? Math.min(1, transfer.bytes / transfer.total) : undefined;
  const figures = transfer.total ? `${formatBytes(transfer.bytes)} of ${formatBytes(transfer.total)}` : formatBytes(transfer.bytes);
  const state =
    transfer.status === 'running'
      ? `${figures}${fraction !== undefined ? ` (${Math.floor(fraction * 100)}%)` : ''}`
      : transfer.status === 'done'
        ? `Done: ${formatBytes(transfer.bytes)}`
        : transfer.status === 'cancelled'
          ? 'Cancelled'
          : `Failed: ${transfer.error ?? ''}`;
  return (
    <div className={`content-transfer content-transfer-${transfer.status}`} role="group" aria-label={transfer.label}>
      <div className="content-transfer-head">
        <span className="content-transfer-label">{transfer.label}</span>
        <span className="content-transfer-state" role="status">
          {state}
        </span>
        {transfer.result?.route ? (
          <Link href={transfer.result.route} className="btn btn-small">
            Open
          </Link>
        ) : null}
        {transfer.result?.path ? <span className="mono muted content-transfer-path">{transfer.result.path}</span> : null}
        {transfer.status === 'running' && transfer.cancel ? (
          <button type="button" className="btn btn-small" onClick={transfer.cancel}>
            Cancel
          </button>
        ) : (
          <button type="button" className="btn btn-small btn-ghost" aria-label={`Dismiss ${transfer.label}`} onClick={() => dismiss(transfer.id)}>
            Dismiss
          </button>
        )}
      </div>
      {transfer.status === 'running' && transfer.waiting ? (
        <p className="content-transfer-waiting" role="alert">
          {transfer.waiting}
        </p>
      ) : null}
      {transfer.status === 'running' ? (
        <progress className="content-progress" aria-label={`${transfer.label} progress`} max={fraction !== undefined ? 1 : undefined} value={fraction} />
      ) : null}
    </div>
  );
}
