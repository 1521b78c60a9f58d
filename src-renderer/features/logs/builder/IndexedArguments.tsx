import { encodeIndexedValue } from '../../../../src-shared/logs/eventTopics';
import type { EventChoice } from '../../../../src-shared/logs/types';
import { TextField } from '../../../components/TextField';

/** What a person typed for each indexed argument of the chosen event (by position among the indexed ones). */
export type IndexedValues = string[];

/** The topics (positions 1–3) typed values encode to, and a problem per argument that does not encode. */
export function encodeIndexedValues(choice: EventChoice, values: IndexedValues): { topics: string[][]; problems: (string | undefined)[] } {
  const indexed = choice.inputs.filter((input) => input.indexed === true);
  const topics: string[][] = [];
  const problems: (string | undefined)[] = [];
  indexed.forEach((input, i) => {
    // Arrays and tuples are typed as one JSON list; a string may hold commas, so only new lines separate strings.
    const text = values[i] ?? '';
    const whole = input.type.endsWith(']') || input.type.startsWith('(') || input.type.startsWith('tuple');
    const parts = whole ? [text.trim()].filter(Boolean) : (input.type === 'string' ? text.split('\n') : text.split(/[\n,]+/).map((part) => part.trim())).filter(Boolean);
    const encoded = parts.map((part) => encodeIndexedValue(input.type, part));
    const problem = encoded.find((result): result is { problem: string } => 'problem' in result);
    problems.push(problem?.problem);
    topics.push(problem ? [] : encoded.map((result) => (result as { topic: string }).topic));
  });
  return { topics, problems };
}

/** One box per indexed argument of the chosen event: a typed value, or several (one per line, or comma-separated except strings): any of them. */
export function IndexedArguments({ choice, values, onChange }: { choice: EventChoice; values: IndexedValues; onChange: (values: IndexedValues) => void }) {
  const indexed = choice.inputs.filter((input) => input.indexed === true);
  const { problems } = encodeIndexedValues(choice, values);
  if (choice.inputs.some((input) => input.indexed === null)) {
    return (
      <p className="field-hint">
        This signature comes from the 4byte list, which does not say which arguments are indexed: enter topics 1–3 as 32-byte hex below, or import the contract&apos;s ABI to type values.
      </p>
    );
  }
  if (indexed.length === 0) return <p className="field-hint">This event has no indexed arguments: only topic 0 filters it.</p>;
  return (
    <div className="indexed-args">
      {indexed.map((input, i) => (
        <TextField
          key={`${input.name}:${i}`}
          label={
            <>
              Topic {i + 1}: {input.name || `argument ${i + 1}`} <span className="mono muted">({input.type})</span>
            </>
          }
          mono
          placeholder="any"
          value={values[i] ?? ''}
          error={problems[i]}
          onChange={(event) => {
            const next = [...values];
            next[i] = event.target.value;
            onChange(next);
          }}
        />
      ))}
    </div>
  );
}
