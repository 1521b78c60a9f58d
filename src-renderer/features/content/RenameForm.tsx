import { useId, useState } from 'react';
import { PLACE_NAME_MAX, placeName } from '../../../src-shared/content/placeName';
import { cleanName } from '../../../src-shared/text/cleanName';

/**
 * A name a person gives a place (a CID pasted bare, or renamed): checked as every name a person gives is
 * ({@link cleanName}: a bidi override or an invisible character is refused with its reason), then made one path
 * part ({@link placeName}: `/` and `\` become `_`); refused with a reason when nothing is left of it.
 */
export function RenameForm({ initial, onName, onClose }: { initial: string; onName: (name: string) => void; onClose: () => void }) {
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const id = useId();
  return (
    <form
      className="content-rename"
      aria-label="Name this"
      onSubmit={(event) => {
        event.preventDefault();
        const checked = cleanName(text, PLACE_NAME_MAX);
        if (!checked.ok) return setError(checked.message);
        const name = placeName(checked.name);
        if (name === '') return setError('A name needs a character other than spaces and control characters, and cannot be "." or "..".');
        onName(name);
        onClose();
      }}
    >
      <label className="visually-hidden" htmlFor={id}>
        Name
      </label>
      <input
        id={id}
        className={`input${error ? ' input-invalid' : ''}`}
        value={text}
        maxLength={PLACE_NAME_MAX * 2}
        placeholder="e.g. hello.txt"
        autoComplete="off"
        spellCheck={false}
        autoFocus
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          setText(event.target.value);
          if (error) setError(undefined);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onClose();
        }}
      />
      <button type="submit" className="btn btn-small btn-primary">
        Save name
      </button>
      <button type="button" className="btn btn-small btn-ghost" onClick={onClose}>
        Cancel
      </button>
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
