import { addressTextProblem } from '../../../../src-shared/chain/addressTextProblem';
import type { EventChoice } from '../../../../src-shared/logs/types';
import { FieldGroup } from '../../../components/FieldGroup';
import { TextArea } from '../../../components/TextArea';
import { TextField } from '../../../components/TextField';
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
  const problemsOf = (field: string, index?: number) => problems.filter((problem) => problem.field === field && (index === undefined || problem.index === undefined || problem.index === index)).map((problem) => problem.message);
  const set = (patch: Partial<BuilderForm>) => onChange({ ...form, ...patch });
  const addresses = form.addresses.split(/[\s,]+/);
  const firstAddress = addresses.find((text) => addressTextProblem(text) === undefined);

  return (
    <form className="card logs-builder" aria-label="Log query" onSubmit={(event) => event.preventDefault()}>
      <TextArea
        label="Contract addresses"
        mono
        inputClassName="logs-textarea"
        rows={Math.min(6, Math.max(2, form.addresses.split('\n').length))}
        placeholder="any address — or one per line: 0x…"
        value={form.addresses}
        onChange={(event) => set({ addresses: event.target.value })}
        spellCheck={false}
        error={problemsOf('addresses')}
        after={<AddressLabels networkId={networkId} addresses={addresses} />}
      />

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

      <FieldGroup className="logs-topics" legend="Topics by position (one value per line matches any of them; empty matches anything)">
        {form.topics.map((text, index) => (
          <TextArea
            key={index}
            label={`Topic ${index}${index === 0 ? ' (event signature hash)' : ''}`}
            mono
            inputClassName="logs-textarea"
            rows={Math.min(6, Math.max(1, text.split('\n').length))}
            placeholder="any"
            value={text}
            spellCheck={false}
            onChange={(event) => {
              const topics = [...form.topics] as BuilderForm['topics'];
              topics[index] = event.target.value;
              set({ topics });
            }}
            error={problemsOf('topics', index)}
          />
        ))}
      </FieldGroup>

      <div className="logs-blocks">
        <TextField label="From block" mono placeholder="latest" value={form.fromBlock} onChange={(event) => set({ fromBlock: event.target.value })} error={problemsOf('fromBlock')} />
        <TextField label="To block" mono placeholder="latest" value={form.toBlock} onChange={(event) => set({ toBlock: event.target.value })} error={problemsOf('toBlock')} />
        <TextField className="logs-block-hash" label="Or one block by hash" mono placeholder="0x… (instead of from/to)" value={form.blockHash} onChange={(event) => set({ blockHash: event.target.value })} error={problemsOf('blockHash')} />
      </div>
      <p className="field-hint">Blocks are numbers (decimal or 0x hex) or latest, earliest, pending, safe, finalized. Empty means latest.</p>
    </form>
  );
}
