import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { GAS_POLL_SECONDS, GAS_RETENTION_DAYS } from '../../../src-shared/gas/gasSettings';
import { useApi } from '../../api/useApi';
import { ErrorNotice } from '../../components/ErrorNotice';
import { apiErrorOf } from '../../lib/apiErrorOf';
import { gasSettingsKey, gasSettingsQuery } from './gasQueries';

/** A whole number typed in a field, checked against its bounds with a message that says which. */
function wholeProblem(text: string, what: string, min: number, max: number): string | undefined {
  if (!/^\d+$/.test(text.trim())) return `${what} is a whole number.`;
  const value = Number(text);
  if (value < min || value > max) return `${what} is from ${min} to ${max.toLocaleString('en-US')}.`;
  return undefined;
}

/** How often gas is polled and how long its samples are kept (both apply to every network). */
export function GasSettingsForm() {
  const api = useApi();
  const client = useQueryClient();
  const id = useId();
  const settings = useQuery(gasSettingsQuery(api));
  const [poll, setPoll] = useState('');
  const [keep, setKeep] = useState('');
  // The fields start from the settings as loaded, and again from each new answer (a save's included): set
  // while rendering when the answer changes, so no frame shows the old figures.
  const [filledFrom, setFilledFrom] = useState<typeof settings.data>(undefined);
  if (settings.data !== filledFrom) {
    setFilledFrom(settings.data);
    if (settings.data) {
      setPoll(String(settings.data.pollSeconds));
      setKeep(String(settings.data.retentionDays));
    }
  }
  const save = useMutation({
    mutationFn: () => api.call('gas.updateSettings', { pollSeconds: Number(poll), retentionDays: Number(keep) }),
    onSuccess: (saved) => client.setQueryData(gasSettingsKey, saved),
  });
  const pollProblem = wholeProblem(poll, 'The poll interval in seconds', GAS_POLL_SECONDS.min, GAS_POLL_SECONDS.max);
  const keepProblem = wholeProblem(keep, 'The days samples are kept', GAS_RETENTION_DAYS.min, GAS_RETENTION_DAYS.max);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pollProblem && !keepProblem) save.mutate();
  };
  const changed = settings.data && (poll !== String(settings.data.pollSeconds) || keep !== String(settings.data.retentionDays));
  return (
    <form className="gas-settings" onSubmit={submit} noValidate aria-label="Polling and history">
      <label htmlFor={`${id}-poll`}>Poll every</label>
      <input id={`${id}-poll`} className="input mono" inputMode="numeric" value={poll} onChange={(event) => setPoll(event.target.value)} aria-invalid={pollProblem ? true : undefined} />
      <span className="muted">s; keep samples</span>
      <label className="visually-hidden" htmlFor={`${id}-keep`}>
        Days samples are kept
      </label>
      <input id={`${id}-keep`} className="input mono" inputMode="numeric" value={keep} onChange={(event) => setKeep(event.target.value)} aria-invalid={keepProblem ? true : undefined} />
      <span className="muted">days</span>
      <button type="submit" className="btn btn-small" disabled={!changed || save.isPending || Boolean(pollProblem || keepProblem)}>
        Save
      </button>
      {changed && (pollProblem || keepProblem) ? (
        <span className="field-error" role="alert">
          {pollProblem ?? keepProblem}
        </span>
      ) : null}
      {save.error ? <ErrorNotice error={apiErrorOf(save.error)} title="Not saved" /> : null}
    </form>
  );
}
