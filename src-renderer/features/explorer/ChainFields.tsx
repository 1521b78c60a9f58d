import type { RpcObject } from '../../../src-shared/api/explorer';
import { InfoList } from '../../components/InfoList';
import { InfoRow } from '../../components/InfoRow';
import type { FieldKind } from './fieldKind';
import { FieldValue } from './FieldValue';

/**
 * Every field of a chain object in the spec's order, readable, then any field the node added; a field the
 * node sent as null (a pending block's hash) reads "pending".
 */
export function ChainFields({ object, fields, skip, label, nullText }: { object: RpcObject; fields: readonly { key: string; label: string; kind: FieldKind }[]; skip?: Set<string>; label: string; nullText?: string }) {
  const known = new Set(fields.map((field) => field.key));
  const extras = Object.keys(object).filter((key) => !known.has(key) && !skip?.has(key));
  return (
    <InfoList label={label}>
      {fields
        .filter((field) => field.key in object)
        .map((field) => (
          <InfoRow key={field.key} label={field.label}>
            <FieldValue kind={field.kind} value={object[field.key]} label={field.label.toLowerCase()} nullText={nullText} />
          </InfoRow>
        ))}
      {extras.map((key) => (
        <InfoRow key={key} label={key}>
          <FieldValue kind={typeof object[key] === 'string' && String(object[key]).length > 20 ? 'hex' : 'json'} value={object[key]} label={key} nullText={nullText} />
        </InfoRow>
      ))}
    </InfoList>
  );
}
