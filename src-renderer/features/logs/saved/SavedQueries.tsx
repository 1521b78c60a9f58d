import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { LogQuery, SavedLogQuery } from '../../../../src-shared/logs/types';
import { useApi } from '../../../api/useApi';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { Field } from '../../../components/Field';
import { apiErrorOf } from '../../../lib/apiErrorOf';
import { appKey } from '../../../queries/queryKeys';

const savedKey = appKey('saved-log-queries');

/** Saved queries: save the current one under a name; open, run, rename, duplicate or delete one. */
export function SavedQueries({ networkId, current, valid, onOpen, onRun }: { networkId: string; current: LogQuery; valid: boolean; onOpen: (saved: SavedLogQuery) => void; onRun: (saved: SavedLogQuery) => void }) {
  const api = useApi();
  const client = useQueryClient();
  const id = useId();
  const [name, setName] = useState('');
  const [renaming, setRenaming] = useState<{ id: string; name: string } | undefined>();
  const [deleting, setDeleting] = useState<SavedLogQuery | undefined>();
  const list = useQuery({ queryKey: savedKey, queryFn: () => api.call('logs.savedList', {}) });
  const refresh = () => client.invalidateQueries({ queryKey: savedKey });
  const save = useMutation({ mutationFn: () => api.call('logs.save', { name: name.trim(), networkId, query: current }), onSuccess: () => (setName(''), refresh()) });
  const rename = useMutation({ mutationFn: (input: { id: string; name: string }) => api.call('logs.rename', input), onSuccess: () => (setRenaming(undefined), refresh()) });
  const duplicate = useMutation({ mutationFn: (input: { id: string }) => api.call('logs.duplicate', input), onSuccess: refresh });
  const remove = useMutation({ mutationFn: (input: { id: string }) => api.call('logs.delete', input), onSuccess: () => (setDeleting(undefined), refresh()) });
  const failure = save.error ?? rename.error ?? duplicate.error ?? list.error;

  return (
    <aside className="card logs-saved" aria-labelledby={`${id}-title`}>
      <h2 className="section-title" id={`${id}-title`}>
        Saved queries
      </h2>
      <form
        className="logs-save-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (name.trim()) save.mutate();
        }}
      >
        <Field label="Name for this query">
          {(control) => (
            <div className="logs-inline">
              <input {...control} className="input" value={name} maxLength={120} placeholder="Swaps on the GLS pair" onChange={(event) => setName(event.target.value)} />
              <button type="submit" className="btn btn-small" disabled={!name.trim() || !valid || save.isPending}>
                Save
              </button>
            </div>
          )}
        </Field>
      </form>
      {failure ? <ErrorNotice error={apiErrorOf(failure)} /> : null}
      {list.data?.length === 0 ? <p className="muted">No saved queries yet.</p> : null}
      <ul className="logs-saved-list">
        {list.data?.map((saved) => (
          <li key={saved.id} className="logs-saved-item">
            {renaming?.id === saved.id ? (
              <form
                className="logs-inline"
                onSubmit={(event) => {
                  event.preventDefault();
                  if (renaming.name.trim()) rename.mutate({ id: saved.id, name: renaming.name.trim() });
                }}
              >
                <input className="input" aria-label={`New name for ${saved.name}`} value={renaming.name} autoFocus onChange={(event) => setRenaming({ id: saved.id, name: event.target.value })} />
                <button type="submit" className="btn btn-small">
                  Rename
                </button>
                <button type="button" className="btn btn-ghost btn-small" onClick={() => setRenaming(undefined)}>
                  Cancel
                </button>
              </form>
            ) : (
              <>
                <button type="button" className="logs-saved-name" onClick={() => onOpen(saved)} title="Open in the builder">
                  {saved.name}
                </button>
                <div className="logs-saved-actions" role="group" aria-label={`Actions for ${saved.name}`}>
                  <button type="button" className="btn btn-small" onClick={() => onRun(saved)} aria-label={`Run ${saved.name}`}>
                    Run
                  </button>
                  <button type="button" className="btn btn-ghost btn-small" onClick={() => setRenaming({ id: saved.id, name: saved.name })} aria-label={`Rename ${saved.name}`}>
                    Rename
                  </button>
                  <button type="button" className="btn btn-ghost btn-small" onClick={() => duplicate.mutate({ id: saved.id })} aria-label={`Duplicate ${saved.name}`}>
                    Duplicate
                  </button>
                  <button type="button" className="btn btn-ghost btn-small" onClick={() => setDeleting(saved)} aria-label={`Delete ${saved.name}`}>
                    Delete
                  </button>
                </div>
              </>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={deleting !== undefined}
        title={`Delete “${deleting?.name ?? ''}”?`}
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        {...(remove.error ? { error: apiErrorOf(remove.error) } : {})}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onCancel={() => setDeleting(undefined)}
      >
        The saved query is removed. Results you exported stay where you saved them.
      </ConfirmDialog>
    </aside>
  );
}
