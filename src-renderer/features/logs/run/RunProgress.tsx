import type { ApiError } from '../../../../src-shared/api/apiError';
import type { LogRunProgress } from '../../../../src-shared/logs/types';
import { DroppedBlocksNote } from '../../../components/DroppedBlocksNote';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { formatNumber } from '../../../lib/formatChain';
import { countOf } from '../../../../src-shared/text/countOf';

const duration = (ms: number) => (ms < 1000 ? `${Math.round(ms)} ms` : ms < 90_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 60_000)} min`);

/**
 * A run's progress: blocks covered, logs found, requests, retries and splits, time so far and left; Cancel while it
 * runs; the blocks it passed over because the node (`networkId`'s) no longer keeps them.
 */
export function RunProgress({
  networkId,
  progress,
  status,
  error,
  onCancel,
}: {
  networkId: string;
  progress: LogRunProgress | undefined;
  status: 'running' | 'done' | 'failed' | 'cancelled';
  error: ApiError | undefined;
  onCancel: () => void;
}) {
  const share = progress && progress.blocksTotal > 0 ? progress.blocksCovered / progress.blocksTotal : 0;
  const words = { running: 'Running', done: 'Done', failed: 'Failed', cancelled: 'Cancelled' }[status];
  return (
    <section className="logs-progress" aria-label="Progress">
      <div className="logs-progress-head">
        <strong role="status">
          {words}
          {progress ? `: ${countOf(progress.logs, 'log')} in ${formatNumber(progress.blocksCovered)} of ${countOf(progress.blocksTotal, 'block')}` : '…'}
        </strong>
        {status === 'running' ? (
          <button type="button" className="btn btn-small btn-danger" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
      <div
        className={`logs-progress-bar logs-progress-${status}`}
        role="progressbar"
        aria-label="Blocks covered"
        aria-valuemin={0}
        aria-valuemax={progress?.blocksTotal ?? 0}
        aria-valuenow={progress?.blocksCovered ?? 0}
      >
        <span style={{ width: `${Math.round(share * 1000) / 10}%` }} />
      </div>
      {progress ? (
        <p className="logs-progress-facts muted">
          {countOf(progress.requests, 'request')} · {countOf(progress.splits, 'split')} · {countOf(progress.retries, 'retry', 'retries')} · {duration(progress.elapsedMs)}
          {status === 'running' && progress.etaMs !== null ? ` · about ${duration(progress.etaMs)} left` : ''}
        </p>
      ) : null}
      {status === 'running' && progress?.waiting ? (
        <p className="logs-progress-waiting" role="alert">
          {progress.waiting}
        </p>
      ) : null}
      <DroppedBlocksNote networkId={networkId} dropped={progress?.dropped} what="the logs in them are not in the results" />
      {status === 'failed' && error ? <ErrorNotice error={error} title="The query stopped" /> : null}
    </section>
  );
}
