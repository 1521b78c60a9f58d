import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useApi } from '../../api/useApi';
import { ErrorNotice } from '../../components/ErrorNotice';
import { apiErrorOf } from '../../lib/apiErrorOf';
import { gasSettingsKey, gasSettingsQuery } from './gasQueries';
import { gasSettingsProblems } from './gasSettingsProblems';

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
  const { poll: pollProblem, keep: keepProblem } = gasSettingsProblems({ poll, keep });
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
