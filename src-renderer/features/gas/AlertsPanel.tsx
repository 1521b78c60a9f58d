import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ALERT_COOLDOWN_MS, METRIC_NAMES, parseThreshold } from '../../../src-shared/gas/gasAlerts';
import type { GasAlertMetric } from '../../../src-shared/gas/gasTypes';
import { useApi } from '../../api/useApi';
import { ErrorNotice } from '../../components/ErrorNotice';
import { apiErrorOf } from '../../lib/apiErrorOf';
import { formatDateTime } from '../../lib/formatTime';
import { gasAlertsKey, gasAlertsQuery, gasFiredQuery } from '../../queries/gasAlerts';
import { AlertItem } from './AlertItem';
import { Gwei } from './Gwei';
import { notificationPermission } from './notifyAlerts';
import { groupDigits } from '../../../src-shared/text/groupDigits';

/** Alerts of a network: add one (threshold checked as typed), the list with each one's state, and what fired. */
export function AlertsPanel({ networkId, networkName }: { networkId: string; networkName: string }) {
  const api = useApi();
  const client = useQueryClient();
  const id = useId();
  const [metric, setMetric] = useState<GasAlertMetric>('medium');
  const [direction, setDirection] = useState<'below' | 'above'>('below');
  const [threshold, setThreshold] = useState('');
  const [touched, setTouched] = useState(false);
  const [permission, setPermission] = useState(notificationPermission());
  const alerts = useQuery(gasAlertsQuery(api));
  const fired = useQuery(gasFiredQuery(api));
  const checked = parseThreshold(threshold);
  const add = useMutation({
    mutationFn: () => api.call('gas.addAlert', { networkId, metric, direction, threshold }),
    onSuccess: () => {
      setThreshold('');
      setTouched(false);
      void client.invalidateQueries({ queryKey: gasAlertsKey });
    },
  });
  const remove = useMutation({
    mutationFn: (alertId: number) => api.call('gas.deleteAlert', { id: alertId }),
    onSettled: () => void client.invalidateQueries({ queryKey: gasAlertsKey }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (checked.ok) add.mutate();
  };
  const mine = (alerts.data ?? []).filter((alert) => alert.networkId === networkId);
  const firedHere = (fired.data ?? []).filter((event) => event.networkId === networkId);
  const problem = touched && !checked.ok ? checked.message : undefined;
  return (
    <section className="card gas-alerts" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="section-title">
        Alerts on {networkName}
      </h2>
      <form className="gas-alert-form" onSubmit={submit} noValidate>
        <span>Tell me when the</span>
        <label className="visually-hidden" htmlFor={`${id}-metric`}>
          Figure to watch
        </label>
        <select id={`${id}-metric`} className="input" value={metric} onChange={(event) => setMetric(event.target.value as GasAlertMetric)}>
          {(Object.keys(METRIC_NAMES) as GasAlertMetric[]).map((key) => (
            <option key={key} value={key}>
              {METRIC_NAMES[key]}
            </option>
          ))}
        </select>
        <span>is</span>
        <label className="visually-hidden" htmlFor={`${id}-direction`}>
          Below or above
        </label>
        <select id={`${id}-direction`} className="input" value={direction} onChange={(event) => setDirection(event.target.value as 'below' | 'above')}>
          <option value="below">below</option>
          <option value="above">above</option>
        </select>
        <label className="visually-hidden" htmlFor={`${id}-threshold`}>
          Threshold in gwei
        </label>
        <span className="gas-threshold">
          <input
            id={`${id}-threshold`}
            className="input mono"
            inputMode="decimal"
            placeholder="2.5"
            value={threshold}
            onChange={(event) => setThreshold(event.target.value)}
            onBlur={() => setTouched(threshold !== '')}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
          />
          <span className="muted">gwei</span>
        </span>
        <button type="submit" className="btn btn-primary" disabled={add.isPending}>
          Add alert
        </button>
      </form>
      {problem ? (
        <p id={`${id}-problem`} className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      {add.error ? <ErrorNotice error={apiErrorOf(add.error)} title="The alert was not added" /> : null}
      <p className="muted gas-note">
        An alert fires once each time the figure crosses its threshold, then keeps quiet for {ALERT_COOLDOWN_MS / 60_000} minutes (a fee going back and forth is told once, and again after the quiet if it
        still holds); snooze one to keep it quiet longer. It fires while a Blockglass window is open (polling pauses when none is visible).{' '}
        {permission === 'granted' ? 'Desktop notifications are on.' : null}
        {permission === 'denied' ? 'Desktop notifications are blocked for this app: alerts show in the list below, and as a notice on any screen of the app.' : null}
        {permission === 'unsupported' ? 'This window cannot show desktop notifications: alerts show in the list below, and as a notice on any screen of the app.' : null}
      </p>
      {permission === 'default' ? (
        <button type="button" className="btn btn-small" onClick={() => void Notification.requestPermission().then(setPermission)}>
          Turn on desktop notifications
        </button>
      ) : null}
      {mine.length > 0 ? (
        <ul className="gas-alert-list" aria-label="Alerts">
          {mine.map((alert) => (
            <AlertItem key={alert.id} alert={alert} onDelete={() => remove.mutate(alert.id)} />
          ))}
        </ul>
      ) : (
        <p className="muted">No alerts on this network.</p>
      )}
      <h3 className="gas-subtitle">Fired</h3>
      {firedHere.length === 0 ? (
        <p className="muted">Nothing has fired on this network yet.</p>
      ) : (
        <ol className="gas-fired-list" aria-label="Fired alerts">
          {firedHere.map((event) => (
            <li key={event.id} className="gas-fired-item">
              <strong>{event.description}</strong>
              <Gwei gwei={event.valueGwei} unit className="mono" />
              <span className="muted">
                block #{groupDigits(event.block)} · {formatDateTime(event.at)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
