import type { HealthEvent } from '../../../../src-shared/api/networks';
import { countOf } from '../../../../src-shared/text/countOf';
import { useNow } from '../../../hooks/useNow';
import { formatAgo, formatDateTime } from '../../../lib/formatTime';

/**
 * `newestAt`: the newest block's timestamp (0x Unix seconds). Says on the page, not only in the header's dot, that the network's node stopped answering: why (its failure in
 * words), since when, and that the blocks below are the last ones seen; it goes away by itself once it answers.
 */
export function NodeStoppedNote({ event, networkName, newestAt, onRetry }: { event: HealthEvent; networkName: string; newestAt?: string; onRetry: () => void }) {
  const now = useNow();
  const since = event.failingSince ?? event.checkedAt;
  return (
    <div className="explorer-stored-note explorer-stopped-note" role="status">
      <p>
        <strong>
          {networkName} stopped answering {formatAgo(since, now)}
        </strong>{' '}
        ({formatDateTime(since)}){event.error ? `: ${event.error.shortMessage.replace(/\.$/, '')}.` : '.'} The blocks below are the last ones seen
        {newestAt ? `, the newest made ${formatAgo(Number(BigInt(newestAt)) * 1000, now)}` : ''}; they are not live.
      </p>
      <p className="muted">
        {event.failedAttempts !== undefined ? `Tried ${countOf(event.failedAttempts, 'time')}; ` : ''}Blockglass keeps trying every few seconds and shows the latest blocks once it answers.{' '}
        <button type="button" className="btn btn-small" onClick={onRetry}>
          Try again
        </button>
      </p>
    </div>
  );
}
