import type { AbiParameter } from 'viem';
import { arrayOf, componentsOf, elementOf, emptyFormValue, parseLeaf, type FormValue } from '../../../src-shared/call/abiForm';
import { FieldGroup } from '../../components/FieldGroup';
import { Select } from '../../components/Select';
import { TextField } from '../../components/TextField';

/** A hint of what a type's field takes, shown under it. */
function hintOf(type: string): string | undefined {
  if (/^u?int\d*$/.test(type)) return 'Decimal, or 0x hex.';
  if (type === 'address') return '0x and 40 hex digits; capitals are checked as a checksum.';
  if (type === 'bytes') return '0x and whole bytes of hex.';
  if (/^bytes\d+$/.test(type)) return `0x and exactly ${Number(type.slice(5)) * 2} hex digits.`;
  return undefined;
}

/**
 * The field of one ABI parameter, typed as its type: a text field checked as it is typed for a leaf (true /
 * false for a bool), a group of fields for a tuple, a list of fields for an array (with Add and Remove when its
 * length is not fixed). Nested as deep as the type.
 */
export function AbiParamField({ parameter, value, onChange, label, showErrors }: { parameter: AbiParameter; value: FormValue; onChange: (value: FormValue) => void; label: string; showErrors: boolean }) {
  const array = arrayOf(parameter.type);
  if (array || parameter.type === 'tuple') {
    const parts = Array.isArray(value) ? value : [];
    const children = array ? parts.map(() => elementOf(parameter)) : componentsOf(parameter);
    const set = (index: number, part: FormValue) => onChange(parts.map((old, at) => (at === index ? part : old)));
    return (
      <FieldGroup
        className="call-group"
        legend={
          <>
            {label} <span className="muted mono">{parameter.type === 'tuple' ? `(${componentsOf(parameter).map((c) => c.type).join(',')})` : parameter.type}</span>
          </>
        }
      >
        {children.length === 0 ? <p className="field-hint">No items yet.</p> : null}
        {children.map((child, index) => (
          <div key={index} className="call-group-item">
            <AbiParamField parameter={child} value={parts[index] ?? emptyFormValue(child)} onChange={(part) => set(index, part)} label={array ? `${label}[${index}]` : child.name || `${label}.${index}`} showErrors={showErrors} />
            {array && array.length === undefined ? (
              <button type="button" className="btn btn-small" onClick={() => onChange(parts.filter((_, at) => at !== index))} aria-label={`Remove ${label}[${index}]`}>
                Remove
              </button>
            ) : null}
          </div>
        ))}
        {array && array.length === undefined ? (
          <button type="button" className="btn btn-small" onClick={() => onChange([...parts, emptyFormValue(elementOf(parameter))])}>
            Add an item to {label}
          </button>
        ) : null}
      </FieldGroup>
    );
  }
  const text = typeof value === 'string' ? value : '';
  const checked = parseLeaf(parameter.type, text);
  const error = !checked.ok && (showErrors || text !== '') ? (text === '' ? `Enter ${/^[aeio]/.test(parameter.type) ? 'an' : 'a'} ${parameter.type}.` : checked.message) : undefined;
  const fieldLabel = (
    <>
      {label} <span className="muted mono">{parameter.type}</span>
    </>
  );
  return parameter.type === 'bool' ? (
    <Select label={fieldLabel} value={text} onChange={(event) => onChange(event.target.value)} error={error} hint={hintOf(parameter.type)}>
      <option value="">Choose…</option>
      <option value="true">true</option>
      <option value="false">false</option>
    </Select>
  ) : (
    <TextField label={fieldLabel} mono value={text} spellCheck={false} onChange={(event) => onChange(event.target.value)} error={error} hint={hintOf(parameter.type)} />
  );
}
