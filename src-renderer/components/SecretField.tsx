import { useId, useState, type Ref } from 'react';
import { describedByOf, FieldNotes } from './FieldNotes';
import { Icon } from './Icon';

/** Props of {@link SecretField}. */
export interface SecretFieldProps {
  label: string;
  name: string;
  inputRef: Ref<HTMLInputElement>;
  hint?: string;
  error?: string;
  required?: boolean;
  autoFocus?: boolean;
}

/**
 * A password-type input with a show/hide toggle. UNCONTROLLED on purpose: the secret lives only in the
 * DOM input until the form reads it on submit, never in React state (see KeyForm).
 */
export function SecretField({ label, name, inputRef, hint, error, required, autoFocus }: SecretFieldProps) {
  const [visible, setVisible] = useState(false);
  const id = useId();
  const describedBy = describedByOf(id, error, hint);
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="secret-field">
        <input
          ref={inputRef}
          id={id}
          name={name}
          type={visible ? 'text' : 'password'}
          className="input mono"
          autoComplete="off"
          spellCheck={false}
          required={required}
          autoFocus={autoFocus}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        <button
          type="button"
          className="btn btn-ghost btn-small secret-field-toggle"
          onClick={() => setVisible((value) => !value)}
          aria-pressed={visible}
          aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          title={visible ? 'Hide' : 'Show'}
        >
          <Icon name={visible ? 'eyeOff' : 'eye'} size={14} />
        </button>
      </div>
      <FieldNotes id={id} error={error} hint={hint} />
    </div>
  );
}
