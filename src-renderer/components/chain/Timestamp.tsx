import { useNow } from '../../hooks/useNow';
import { useIntlReady } from '../../lib/intlReady';
import { formatAgo, formatDateTime } from '../../lib/formatTime';

const utc = (ms: number) => `${new Date(ms).toISOString().replace('T', ' ').replace('.000Z', '')} UTC`;

/**
 * A block timestamp (0x Unix seconds): its age, with local time and UTC; `full` shows all three in line. The local
 * time needs Intl: it joins the age and UTC once the window has loaded it (lib/intlReady.ts), a moment after a cold
 * page's first frame.
 */
export function Timestamp({ seconds, full = false }: { seconds: string | null | undefined; full?: boolean }) {
  const now = useNow();
  const intl = useIntlReady();
  if (!seconds) return <span className="muted">pending</span>;
  const ms = Number(BigInt(seconds)) * 1000;
  if (full) {
    return (
      <span className="timestamp">
        <span>{formatAgo(ms, now)}</span>
        {intl ? <span className="muted"> · {formatDateTime(ms)}</span> : null}
        <span className="muted"> · {utc(ms)}</span>
      </span>
    );
  }
  return (
    <time dateTime={new Date(ms).toISOString()} title={intl ? `${formatDateTime(ms)} · ${utc(ms)}` : utc(ms)}>
      {formatAgo(ms, now)}
    </time>
  );
}
