import { formatNumber, percentOf } from '../../lib/formatChain';

/** Gas used against its limit: the numbers and a bar. */
export function GasBar({ used, limit, compact = false }: { used: string; limit: string; compact?: boolean }) {
  const percent = percentOf(used, limit);
  return (
    <span className={`gas-bar${compact ? ' is-compact' : ''}`} title={`${formatNumber(used)} of ${formatNumber(limit)} gas (${percent}%)`}>
      {compact ? null : (
        <span className="mono">
          {formatNumber(used)} <span className="muted">/ {formatNumber(limit)}</span>
        </span>
      )}
      <span className="gas-bar-track" aria-hidden="true">
        <span className="gas-bar-fill" style={{ width: `${Math.min(100, percent)}%` }} />
      </span>
      <span className="gas-bar-percent muted">{percent}%</span>
    </span>
  );
}
