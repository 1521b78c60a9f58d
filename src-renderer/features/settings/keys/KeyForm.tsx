// SECURITY: an API key passes from the password input's DOM value straight into `credentials.set`, and the
// inputs are emptied as soon as the call returns. Do not loosen: no useState for the key, no useMutation
// (react-query keeps a mutation's variables in its cache), no zustand, no localStorage, no logging.
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import type { ApiError } from '../../../../src-shared/api/apiError';
import { useApi } from '../../../api/useApi';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { SecretField } from '../../../components/SecretField';
import { apiErrorOf } from '../../../lib/apiErrorOf';
import { networksKey } from '../../../queries/networks';

/** Props of {@link KeyForm}. */
export interface KeyFormProps {
  /** Any network that uses the credential; main stores the key under that network's credential. */
  networkId: string;
  title: string;
  replacing: boolean;
  onCancel(): void;
  onSaved(): void;
}

function clear(input: HTMLInputElement | null) {
  if (input) input.value = '';
}

/** Adds or replaces a credential's key (and optional secret) where this run keeps keys (see keychainWords). */
export function KeyForm({ networkId, title, replacing, onCancel, onSaved }: KeyFormProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const keyInput = useRef<HTMLInputElement>(null);
  const secretInput = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState(false);
  const [keyProblem, setKeyProblem] = useState<string>();
  const [error, setError] = useState<ApiError>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const apiKey = keyInput.current?.value.trim() ?? '';
    const apiSecret = secretInput.current?.value.trim() ?? '';
    if (apiKey === '') return setKeyProblem('Enter the API key.');
    if (/\s/.test(apiKey)) return setKeyProblem('An API key has no spaces.');
    setKeyProblem(undefined);
    setError(undefined);
    setPending(true);
    let failure: ApiError | undefined;
    try {
      await api.call('credentials.set', { networkId, apiKey, ...(apiSecret === '' ? {} : { apiSecret }) });
    } catch (caught) {
      failure = apiErrorOf(caught);
    }
    clear(keyInput.current);
    clear(secretInput.current);
    setPending(false);
    if (failure) {
      setError(failure);
      keyInput.current?.focus();
      return;
    }
    void queryClient.invalidateQueries({ queryKey: networksKey });
    onSaved();
  };

  return (
    <form className="key-form" noValidate onSubmit={(event) => void submit(event)} aria-label={`${replacing ? 'Replace' : 'Add'} key for ${title}`}>
      <SecretField label="API key" name="apiKey" inputRef={keyInput} error={keyProblem} required autoFocus />
      <SecretField label="API secret (optional)" name="apiSecret" inputRef={secretInput} hint="Sent with the key to the gas API and the content store, when the service asks for one." />
      {error ? <ErrorNotice error={error} title="The key was not saved" /> : null}
      <div className="settings-actions">
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? 'Saving…' : replacing ? 'Replace key' : 'Save key'}
        </button>
        <button type="button" className="btn" onClick={onCancel} disabled={pending}>
          Cancel
        </button>
      </div>
    </form>
  );
}
