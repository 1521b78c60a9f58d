/** A latency in milliseconds, compact: `42 ms`, `1.3 s`. */
export function formatLatency(ms: number | undefined): string {
  if (ms === undefined || !Number.isFinite(ms)) return '—';
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** How long ago a Unix-milliseconds instant was, in words: `just now`, `5 min ago`, `2 h ago`. */
export function formatAgo(unixMs: number, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - unixMs) / 1000));
  if (seconds < 10) return 'just now';
  if (seconds < 60) return `${seconds} s ago`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.round(hours / 24)} days ago`;
}

/** One formatter for every local date and time (`toLocaleString` with options builds a new one on each call). */
let dateTime: Intl.DateTimeFormat | undefined;

/** A Unix-milliseconds instant as local date and time. */
export function formatDateTime(unixMs: number): string {
  dateTime ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
  return dateTime.format(unixMs);
}
