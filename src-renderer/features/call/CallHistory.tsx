import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { shortHex } from '../../../src-shared/text/shortHex';
import type { CallHistoryEntry } from '../../../src-shared/call/types';
import { useApi } from '../../api/useApi';
import { ErrorNotice } from '../../components/ErrorNotice';
import { apiErrorOf } from '../../lib/apiErrorOf';
import { networkKey } from '../../queries/queryKeys';

/** The history's query (every run adds to it). */
export const historyKey = (networkId: string) => networkKey(networkId, 'call-history');

/**
 * What came of a call, on one line: `→ 1000 (uint256)`; `reverted: InsufficientBalance(requested: 1000,
 * available: 100)`; `failed: <why>`. A call kept before results were kept shows its return data.
 */
export function outcomeLine(summary: CallHistoryEntry['summary']): string {
  if (summary.ok) return `→ ${summary.result ?? (summary.returnData === '0x' ? 'no data' : summary.returnData.length > 66 ? shortHex(summary.returnData) : summary.returnData)}`;
  return summary.reason !== undefined ? `reverted: ${summary.reason}` : `failed: ${summary.message}`;
}

/** The network's calls, pinned first: re-run one in a click, pin it, or delete it. */
export function CallHistory({ networkId, onRerun }: { networkId: string; onRerun: (entry: CallHistoryEntry) => void }) {
  const api = useApi();
  const queries = useQueryClient();
  const history = useQuery({ queryKey: historyKey(networkId), queryFn: () => api.call('call.history', { networkId }) });
  const refresh = () => queries.invalidateQueries({ queryKey: historyKey(networkId) });
  const pin = useMutation({ mutationFn: (input: { id: number; pinned: boolean }) => api.call('call.pin', input), onSettled: refresh });
  const remove = useMutation({ mutationFn: (id: number) => api.call('call.deleteHistory', { id }), onSettled: refresh });
  const entries = history.data ?? [];
  return (
    <section className="card call-history" aria-labelledby="call-history-title">
      <h2 id="call-history-title" className="section-title">
        History
      </h2>
      {history.error ? <ErrorNotice error={apiErrorOf(history.error)} /> : null}
      {pin.error ? <ErrorNotice error={apiErrorOf(pin.error)} /> : null}
      {remove.error ? <ErrorNotice error={apiErrorOf(remove.error)} /> : null}
      {entries.length === 0 && history.isSuccess ? <p className="field-hint">Calls you run are kept here, with what came of them.</p> : null}
      <ul className="call-history-list">
        {entries.map((entry) => (
          <li key={entry.id} className={entry.pinned ? 'call-history-item is-pinned' : 'call-history-item'}>
            <div className="call-history-what">
              <span className="mono">{entry.request.fn ? `${entry.request.fn.name}(…)` : (entry.request.call.data ?? '0x').slice(0, 10)}</span>
              <span className="muted mono">{entry.request.call.to ? `on ${shortHex(entry.request.call.to)}` : 'as creation code'}</span>
              <span className={entry.summary.ok ? 'badge badge-ok' : 'badge badge-danger'}>{entry.summary.ok ? 'returned' : entry.summary.reason !== undefined ? 'reverted' : 'failed'}</span>
              <time className="muted" dateTime={new Date(entry.createdAt).toISOString()}>
                {new Date(entry.createdAt).toLocaleTimeString()}
              </time>
            </div>
            <p className="mono call-history-outcome">{outcomeLine(entry.summary)}</p>
            <div className="call-history-actions">
              <button type="button" className="btn btn-small" onClick={() => onRerun(entry)}>
                Re-run
              </button>
              <button type="button" className="btn btn-small" aria-pressed={entry.pinned} onClick={() => pin.mutate({ id: entry.id, pinned: !entry.pinned })}>
                {entry.pinned ? 'Unpin' : 'Pin'}
              </button>
              <button type="button" className="btn btn-small" onClick={() => remove.mutate(entry.id)} aria-label={`Delete call ${entry.id} from the history`}>
                Delete
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
