import type { Decoding } from '../../../src-shared/decoding/types';
import { SOURCE_PHRASE } from '../../../src-shared/decoding/types';
import { TextArea } from '../../components/TextArea';
import type { CallDraft } from './callDraft';

/** Props of {@link CalldataField}. */
export interface CalldataFieldProps {
  draft: CallDraft;
  change: (update: Partial<CallDraft>) => void;
  /** The calldata sent: as typed, or as the form writes it (undefined while an argument does not read). */
  data: string | undefined;
  problem: string | undefined;
  showErrors: boolean;
  /** Typed calldata read back with every source. */
  decoded: Decoding | undefined;
}

/** The calldata, always shown and editable: written by the form, or typed (and then read back, by name when a source knows it). */
export function CalldataField({ draft, change, data, problem, showErrors, decoded }: CalldataFieldProps) {
  const typed = draft.dataText !== null;
  // The form's own unfinished arguments are marked at them; here only once Run is pressed, or when typed.
  const error = problem && (showErrors || typed) ? problem : undefined;
  return (
    <TextArea
      id="call-data"
      label={
        <>
          Calldata (data) <span className="muted">{typed ? 'as typed' : 'written by the form'}</span>
        </>
      }
      mono
      inputClassName="call-textarea"
      rows={3}
      spellCheck={false}
      value={data ?? ''}
      placeholder="0x…"
      onChange={(event) => change({ dataText: event.target.value.trim() })}
      error={error}
      hint={error ? undefined : 'Edit it directly: the form follows when a known function decodes it.'}
      after={typed && decoded ? <span className="field-hint">{decoded.status === 'decoded' ? `Reads as ${decoded.signature}, ${SOURCE_PHRASE[decoded.source]}.` : decoded.reason}</span> : null}
    />
  );
}
