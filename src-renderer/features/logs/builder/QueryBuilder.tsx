import { useId } from 'react';
import type { EventChoice } from '../../../../src-shared/logs/types';
import { AddressLabels } from './AddressLabels';
import { EventPicker } from './EventPicker';
import type { BuilderForm } from './builderForm';
import { IndexedArguments, type IndexedValues } from './IndexedArguments';

/** A problem the builder shows under a field. */
export interface FieldProblem {
  field: string;
  index?: number;
  message: string;
}

interface QueryBuilderProps {
  networkId: string;
  form: BuilderForm;
  onChange: (form: BuilderForm) => void;
  problems: readonly FieldProblem[];
  choice: EventChoice | undefined;
  onChoose: (choice: EventChoice | undefined) => void;
  indexedValues: IndexedValues;
  onIndexedValues: (values: IndexedValues) => void;
}

/** The filter: addresses, an event or raw topics by position, and the blocks (a range, or one block by hash). */
export function QueryBuilder({ networkId, form, onChange, problems, choice, onChoose, indexedValues, onIndexedValues }: QueryBuilderProps) {
  const id = useId();
  const problemsOf = (field: string, index?: number) => problems.filter((problem) => problem.field === field && (index === undefined || problem.index === undefined || problem.index === index));
  const notes = (field: string, index?: number) => {
    const found = problemsOf(field, index);
    return found.length ? (
      <div id={`${id}-${field}${index ?? ''}-error`}>
        {found.map((problem) => (
          <p key={problem.message} className="field-error">
            {problem.message}
          </p>
        ))}
      </div>
    ) : null;
  };
  const invalid = (field: string, index?: number) => (problemsOf(field, index).length ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}${index ?? ''}-error` } : {});
  const set = (patch: Partial<BuilderForm>) => onChange({ ...form, ...patch });
  const firstAddress = form.addresses.split(/[\s,]+/).find((text) => /^0x[0-9a-fA-F]{40}$/.test(text));

  return (
    <form className="card logs-builder" aria-label="Log query" onSubmit={(event) => event.preventDefault()}>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-addresses`}>
          Contract addresses
        </label>
        <textarea
          id={`${id}-addresses`}
          className="input mono logs-textarea"
          rows={Math.min(6, Math.max(2, form.addresses.split('\n').length))}
          placeholder="any address — or one per line: 0x…"
          value={form.addresses}
          onChange={(event) => set({ addresses: event.target.value })}
          spellCheck={false}
          {...invalid('addresses')}
        />
        {notes('addresses')}
        <AddressLabels networkId={networkId} addresses={form.addresses.split(/[\s,]+/)} />
      </div>

      <div className="logs-event-row">
        <EventPicker
          networkId={networkId}
          address={firstAddress}
          onPick={(picked) => {
            onChoose(picked);
            onIndexedValues([]);
            set({ event: picked.signature, topics: [picked.topic0, '', '', ''] });
          }}
        />
        {choice ? (
          <div className="logs-chosen-event">
            <span className="field-label">Chosen event</span>
            <span className="mono">{choice.signature}</span>
            <button
              type="button"
              className="btn btn-ghost btn-small"
              onClick={() => {
                onChoose(undefined);
                set({ event: '' });
              }}
            >
              Forget event
            </button>
          </div>
        ) : form.event ? (
          <div className="logs-chosen-event">
            <span className="field-label">Event</span>
            <span className="mono">{form.event}</span>
          </div>
        ) : null}
      </div>
      {choice ? <IndexedArguments choice={choice} values={indexedValues} onChange={onIndexedValues} /> : null}

      <fieldset className="logs-topics">
        <legend className="field-label">Topics by position (one value per line matches any of them; empty matches anything)</legend>
        {form.topics.map((text, index) => (
          <div className="field" key={index}>
            <label className="field-label" htmlFor={`${id}-topic${index}`}>
              Topic {index}
              {index === 0 ? ' (event signature hash)' : ''}
            </label>
            <textarea
              id={`${id}-topic${index}`}
              className="input mono logs-textarea"
              rows={Math.min(6, Math.max(1, text.split('\n').length))}
              placeholder="any"
              value={text}
              spellCheck={false}
              onChange={(event) => {
                const topics = [...form.topics] as BuilderForm['topics'];
                topics[index] = event.target.value;
                set({ topics });
              }}
              {...invalid('topics', index)}
            />
            {notes('topics', index)}
          </div>
        ))}
      </fieldset>

      <div className="logs-blocks">
        <div className="field">
          <label className="field-label" htmlFor={`${id}-from`}>
            From block
          </label>
          <input id={`${id}-from`} className="input mono" placeholder="latest" value={form.fromBlock} onChange={(event) => set({ fromBlock: event.target.value })} {...invalid('fromBlock')} />
          {notes('fromBlock')}
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-to`}>
            To block
          </label>
          <input id={`${id}-to`} className="input mono" placeholder="latest" value={form.toBlock} onChange={(event) => set({ toBlock: event.target.value })} {...invalid('toBlock')} />
          {notes('toBlock')}
        </div>
        <div className="field logs-block-hash">
          <label className="field-label" htmlFor={`${id}-hash`}>
            Or one block by hash
          </label>
          <input id={`${id}-hash`} className="input mono" placeholder="0x… (instead of from/to)" value={form.blockHash} onChange={(event) => set({ blockHash: event.target.value })} {...invalid('blockHash')} />
          {notes('blockHash')}
        </div>
      </div>
      <p className="field-hint">Blocks are numbers (decimal or 0x hex) or latest, earliest, pending, safe, finalized. Empty means latest.</p>
    </form>
  );
}
