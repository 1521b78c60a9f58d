import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alertQuietUntil, METRIC_NAMES } from '../../../src-shared/gas/gasAlerts';
import type { GasAlert } from '../../../src-shared/gas/gasTypes';
import { useApi } from '../../api/useApi';
import { useNow } from '../../hooks/useNow';
import { apiErrorOf } from '../../lib/apiErrorOf';
import { gasAlertsKey } from '../../queries/gasAlerts';
import { Gwei } from './Gwei';

/** The snoozes offered, in minutes. */
const SNOOZES = [
  [15, '15 minutes'],
  [60, '1 hour'],
  [8 * 60, '8 hours'],
  [24 * 60, '1 day'],
] as const;

const timeOf = (ms: number) => new Date(ms).toLocaleTimeString(undefined, { timeStyle: 'short' });

/** One alert of the list: what it watches, the figure now, whether it is quiet (snoozed or cooling down) and till when; snooze, wake, delete. */
export function AlertItem({ alert, onDelete }: { alert: GasAlert; onDelete: () => void }) {
  const api = useApi();
  const client = useQueryClient();
  const now = useNow();
  const snooze = useMutation({
    mutationFn: (minutes: number) => api.call('gas.snoozeAlert', { id: alert.id, minutes }),
    onSettled: () => void client.invalidateQueries({ queryKey: gasAlertsKey }),
  });
  const name = `${METRIC_NAMES[alert.metric]} ${alert.direction} ${alert.thresholdGwei} gwei`;
  const quiet = alertQuietUntil(alert, now);
  return (
    <li className="gas-alert-item">
      <span>
        {METRIC_NAMES[alert.metric]} {alert.direction} <strong className="mono">{alert.thresholdGwei} gwei</strong>
      </span>
      <span className="muted">
        {alert.lastValueGwei === undefined ? (
          'waiting for the first poll'
        ) : (
          <>
            now <Gwei gwei={alert.lastValueGwei} unit /> · {alert.met ? 'condition met' : 'not met'}
          </>
        )}
        {quiet ? (
          <>
            {' · '}
            <span className="gas-alert-quiet">
              {quiet.why === 'snoozed' ? `snoozed until ${timeOf(quiet.until)}` : `quiet until ${timeOf(quiet.until)} (fired at ${timeOf(alert.lastFiredAt!)})`}
              {alert.owed ? ', then told if it still holds' : ''}
            </span>
          </>
        ) : null}
      </span>
      <span className="gas-alert-actions">
        {quiet?.why === 'snoozed' ? (
          <button type="button" className="btn btn-small btn-ghost" onClick={() => snooze.mutate(0)} disabled={snooze.isPending} aria-label={`Wake alert: ${name}`}>
            Wake
          </button>
        ) : (
          <select
            className="input gas-alert-snooze"
            value=""
            aria-label={`Snooze alert: ${name}`}
            disabled={snooze.isPending}
            onChange={(event) => {
              if (event.target.value !== '') snooze.mutate(Number(event.target.value));
            }}
          >
            <option value="">Snooze…</option>
            {SNOOZES.map(([minutes, label]) => (
              <option key={minutes} value={minutes}>
                for {label}
              </option>
            ))}
          </select>
        )}
        <button type="button" className="btn btn-small btn-ghost" onClick={onDelete} aria-label={`Delete alert: ${name}`}>
          Delete
        </button>
      </span>
      {snooze.error ? (
        <p className="field-error gas-alert-error" role="alert">
          The alert was not snoozed: {apiErrorOf(snooze.error).shortMessage}
        </p>
      ) : null}
    </li>
  );
}
