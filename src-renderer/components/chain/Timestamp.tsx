import { useNow } from '../../hooks/useNow';
import { formatAgo, formatDateTime } from '../../lib/formatTime';

const utc = (ms: number) => `${new Date(ms).toISOString().replace('T', ' ').replace('.000Z', '')} UTC`;

/** A block timestamp (0x Unix seconds): its age, with local time and UTC; `full` shows all three in line. */
export function Timestamp({ seconds, full = false }: { seconds: string | null | undefined; full?: boolean }) {
  const now = useNow();
  if (!seconds) return <span className="muted">pending</span>;
  const ms = Number(BigInt(seconds)) * 1000;
  if (full) {
    return (
      <span className="timestamp">
        <span>{formatAgo(ms, now)}</span>
        <span className="muted"> · {formatDateTime(ms)}</span>
        <span className="muted"> · {utc(ms)}</span>
      </span>
    );
  }
  return (
    <time dateTime={new Date(ms).toISOString()} title={`${formatDateTime(ms)} · ${utc(ms)}`}>
      {formatAgo(ms, now)}
    </time>
  );
}
