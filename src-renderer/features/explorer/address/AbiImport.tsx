import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { AddressView } from '../../../../src-shared/api/explorer';
import { parseAbiInput } from '../../../../src-shared/decoding/parseAbiInput';
import { useApi } from '../../../api/useApi';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { TextArea } from '../../../components/TextArea';
import { TextField } from '../../../components/TextField';
import { apiErrorOf } from '../../../lib/apiErrorOf';
import { networkScope } from '../../../queries/queryKeys';
import { countOf } from '../../../../src-shared/text/countOf';
import { SOURCE_LABEL } from '../../../../src-shared/decoding/types';

/**
 * Imports an ABI for this address (pasted, or read from a .json or .sol-less artifact file) with a label; it
 * then decodes this contract's calls, logs and errors first. An imported one can be removed. Where an ABI is known
 * already, the form is folded behind a disclosure ("Import an ABI").
 */
export function AbiImport({ networkId, account }: { networkId: string; account: AddressView }) {
  const api = useApi();
  const queries = useQueryClient();
  const id = useId();
  const [text, setText] = useState('');
  const [label, setLabel] = useState(account.label ?? '');
  const [problem, setProblem] = useState<string | undefined>();
  // Whether the fold is open, kept here: the account read again (a new head, the metadata found a moment later) must
  // not close what the person opened, nor fold away text they typed before the ABI was known.
  const [unfolded, setUnfolded] = useState(false);
  const refresh = () => queries.invalidateQueries({ queryKey: networkScope(networkId) });
  const save = useMutation({
    mutationFn: () => api.call('explorer.importAbi', { networkId, address: account.address, abi: text, ...(label.trim() ? { label } : {}) }),
    onSuccess: () => {
      setText('');
      setUnfolded(false);
      void refresh();
    },
  });
  const remove = useMutation({ mutationFn: () => api.call('explorer.deleteAbi', { networkId, address: account.address }), onSuccess: () => void refresh() });
  const imported = account.abi?.source === 'imported';

  // An ABI known already (its metadata, an import, a proxy's implementation) needs no import: the form folds away.
  const known = account.abi !== null && account.abi.source !== 'guess';
  const onToggle = (event: React.SyntheticEvent<HTMLDetailsElement>) => setUnfolded(event.currentTarget.open);
  const intro = <p className="muted">Paste a JSON ABI, a Foundry or Hardhat artifact, or signatures one per line. It decodes this contract first, before its metadata and the signature database.</p>;
  const form = (
        <form
          className="abi-import-form"
          onSubmit={(event) => {
            event.preventDefault();
            const parsed = parseAbiInput(text);
            if (!parsed.ok) {
              setProblem(parsed.message);
              return;
            }
            setProblem(undefined);
            save.mutate();
          }}
        >
          <TextArea
            label="ABI"
            mono
            inputClassName="abi-import-text"
            rows={6}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setUnfolded(true);
            }}
            placeholder={'function transfer(address to, uint256 amount) returns (bool)\nevent Transfer(address indexed from, address indexed to, uint256 value)'}
            error={problem}
            announce
          />
          <div className="abi-import-row">
            <TextField label="Label for this address (optional)" value={label} maxLength={80} onChange={(event) => setLabel(event.target.value)} />
            <label className="btn btn-small abi-import-file">
              Load a file…
              <input
                type="file"
                accept=".json,.abi,.txt,application/json,text/plain"
                className="visually-hidden"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  if (file) void file.text().then(setText);
                  event.target.value = '';
                }}
              />
            </label>
            <button type="submit" className="btn btn-primary" disabled={save.isPending || text.trim() === ''}>
              {save.isPending ? 'Importing…' : 'Import'}
            </button>
          </div>
          {save.data ? (
            <p className="muted" role="status">
              Imported {countOf(save.data.functions, 'function')}, {countOf(save.data.events, 'event')} and {countOf(save.data.errors, 'error')} ({save.data.format}).
            </p>
          ) : null}
        </form>
  );
  const errors = (
    <>
      {save.isError ? <ErrorNotice error={apiErrorOf(save.error)} title="The ABI was not imported" /> : null}
      {remove.isError ? <ErrorNotice error={apiErrorOf(remove.error)} title="The ABI was not removed" /> : null}
    </>
  );

  if (imported) {
    return (
      <section className="card explorer-section" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="section-title">
          Imported ABI
        </h2>
        <p className="abi-import-current">
          This address decodes with the ABI you imported{account.label ? ` as “${account.label}”` : ''}.{' '}
          <button type="button" className="btn btn-small" onClick={() => remove.mutate()} disabled={remove.isPending}>
            Remove the imported ABI
          </button>
        </p>
        <details className="abi-import-fold" open={unfolded} onToggle={onToggle}>
          <summary>Import another ABI</summary>
          {intro}
          {form}
        </details>
        {errors}
      </section>
    );
  }
  if (known) {
    return (
      <section className="card explorer-section" aria-labelledby={`${id}-title`}>
        <details className="abi-import-fold" open={unfolded} onToggle={onToggle}>
          <summary>
            <h2 id={`${id}-title`} className="section-title abi-import-summary-title">
              Import an ABI
            </h2>{' '}
            <span className="muted">its ABI is known ({SOURCE_LABEL[account.abi!.source]}); one imported would decode it first</span>
          </summary>
          {intro}
          {form}
        </details>
        {errors}
      </section>
    );
  }
  return (
    <section className="card explorer-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="section-title">
        Import an ABI
      </h2>
      {intro}
      {form}
      {errors}
    </section>
  );
}
