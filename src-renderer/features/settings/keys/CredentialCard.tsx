import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useApi } from '../../../api/useApi';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { Icon } from '../../../components/Icon';
import { apiErrorOf } from '../../../lib/apiErrorOf';
import { appInfoQuery } from '../../../queries/appInfo';
import { networksKey } from '../../../queries/networks';
import { keychainWords } from './keychainWords';
import { type CredentialGroup, usedBy } from './credentialGroups';
import { KeyForm } from './KeyForm';

/** One credential: whether its key is set (and the hint), the networks using it, and add / replace / delete. */
export function CredentialCard({ group }: { group: CredentialGroup }) {
  const api = useApi();
  const info = useQuery(appInfoQuery(api));
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [saved, setSaved] = useState(false);
  const titleId = useId();
  const networkId = group.networks[0]?.id ?? group.credentialId;
  const { credential } = group;
  const remove = useMutation({
    mutationFn: () => api.call('credentials.delete', { networkId }),
    onSuccess: () => {
      setConfirming(false);
      setSaved(false);
      return queryClient.invalidateQueries({ queryKey: networksKey });
    },
  });

  return (
    <section className="card credential-card" aria-labelledby={titleId}>
      <div className="credential-card-main">
        <Icon name="key" />
        <div className="credential-card-text">
          <h3 id={titleId} className="credential-card-title">
            {group.title} <span className="mono muted credential-card-id">{group.credentialId}</span>
          </h3>
          <p className="muted">{usedBy(group.networks)}</p>
        </div>
        <div className="credential-card-status">
          {credential.error ? (
            <span className="badge badge-danger">Keychain unavailable</span>
          ) : credential.configured ? (
            <>
              <span className="badge badge-ok">Set</span>
              {credential.hint ? (
                <span className="mono" aria-label={`Key hint ${credential.hint}`}>
                  {credential.hint}
                </span>
              ) : null}
            </>
          ) : (
            <span className="badge">Not set</span>
          )}
        </div>
        <div className="settings-actions">
          <button type="button" className="btn btn-small" onClick={() => setEditing((value) => !value)} aria-expanded={editing} aria-label={`${credential.configured ? 'Replace' : 'Add'} key for ${group.title}`}>
            {credential.configured ? 'Replace key' : 'Add key'}
          </button>
          {credential.configured ? (
            <button type="button" className="btn btn-small btn-ghost btn-link-danger" onClick={() => setConfirming(true)} aria-label={`Delete key for ${group.title}`}>
              Delete
            </button>
          ) : null}
        </div>
      </div>
      {credential.error ? <ErrorNotice error={credential.error} title="The keychain did not answer" /> : null}
      {saved && !editing ? (
        <p className="credential-card-saved" role="status">
          {keychainWords(info.data?.keychain).saved}
        </p>
      ) : null}
      {editing ? (
        <KeyForm
          networkId={networkId}
          title={group.title}
          replacing={credential.configured}
          onCancel={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            setSaved(true);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={`Delete the key for ${group.title}?`}
        confirmLabel="Delete key"
        danger
        busy={remove.isPending}
        error={remove.isError ? apiErrorOf(remove.error) : undefined}
        onConfirm={() => remove.mutate()}
        onCancel={() => {
          setConfirming(false);
          remove.reset();
        }}
      >
        It is removed from {keychainWords(info.data?.keychain).where}. {usedBy(group.networks)}; {group.networks.length === 1 ? 'it' : 'they'} cannot connect until a key is added again.
      </ConfirmDialog>
    </section>
  );
}
