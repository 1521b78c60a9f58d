import type { ApiError } from '../../../../../src-shared/api/apiError';
import { ErrorNotice } from '../../../../components/ErrorNotice';
import { LoadingState } from '../../../../components/LoadingState';

/**
 * Where a history stream stands, below its table: progress with *Cancel* while it runs (or waits for the Local
 * sandbox to start), *Look again* once stopped, its error with *Try again* when it failed.
 */
export function StreamStatus({
  stream,
  waitingForSandbox,
  lookingFor,
  progress,
  stopped,
  failedTitle,
}: {
  stream: { status: string; error?: ApiError; cancel(): void; rerun(): void };
  waitingForSandbox: boolean;
  /** What is looked for, for the status's name: "token transfers". */
  lookingFor: string;
  /** The progress line while it runs. */
  progress: string;
  /** What stopping early means: "the list may be missing transfers". */
  stopped: string;
  failedTitle: string;
}) {
  return (
    <>
      {stream.status === 'running' || waitingForSandbox ? (
        <div className="history-progress" role="status" aria-label={`Looking for ${lookingFor}`}>
          <LoadingState label={waitingForSandbox ? 'Waiting for the Local sandbox to start…' : progress} />
          <button type="button" className="btn btn-small" onClick={stream.cancel}>
            Cancel
          </button>
        </div>
      ) : null}
      {stream.status === 'cancelled' ? (
        <p className="history-cancelled">
          <span className="muted">Stopped: {stopped}. </span>
          <button type="button" className="btn btn-small" onClick={stream.rerun}>
            Look again
          </button>
        </p>
      ) : null}
      {stream.status === 'failed' && stream.error && !waitingForSandbox ? <ErrorNotice error={stream.error} title={failedTitle} onRetry={stream.rerun} /> : null}
    </>
  );
}
