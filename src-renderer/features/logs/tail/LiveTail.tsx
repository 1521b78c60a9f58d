import type { LogQuery } from '../../../../src-shared/logs/types';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { StatusDot } from '../../../components/StatusDot';
import { DataTable } from '../../../components/table/DataTable';
import { formatNumber } from '../../../lib/formatChain';
import { LIVE_LOG_COLUMNS, logRowKey } from '../../../components/chain/logColumns';
import { useLogTail } from './useLogTail';
import { countOf } from '../../../../src-shared/text/countOf';

/** New logs matching the filter as the chain grows, newest on top; removed ones marked. */
export function LiveTail({ networkId, query }: { networkId: string; query: LogQuery }) {
  const tail = useLogTail(networkId, query, true);
  const how = tail.via === 'subscription' ? 'eth_subscribe logs over WebSocket' : tail.via === 'polling' ? 'polling eth_getLogs at each new block (no WebSocket)' : 'connecting';
  return (
    <section className="logs-tail" aria-label="Live tail">
      <header className="logs-card-header">
        <h2 className="section-title">
          <StatusDot tone={tail.following ? 'ok' : tail.error ? 'error' : 'busy'} label={tail.following ? 'Following' : 'Connecting'} /> Live tail{' '}
          <span className="muted">
            {countOf(tail.rows.length, 'new log')} · {how}
            {tail.head ? ` · block ${formatNumber(BigInt(tail.head))}` : ''}
          </span>
        </h2>
      </header>
      {tail.reconnecting ? (
        <p className="logs-progress-waiting" role="alert">
          {tail.reconnecting}
        </p>
      ) : null}
      {tail.error ? <ErrorNotice error={tail.error} title="The live tail dropped; it starts again in a moment" /> : null}
      <DataTable rows={tail.rows} columns={LIVE_LOG_COLUMNS} rowKey={logRowKey} label="new logs" maxHeight={360} emptyText="Waiting for a new matching log…" />
    </section>
  );
}
