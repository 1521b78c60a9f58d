import { useState, type Ref } from 'react';
import { Field } from './Field';
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
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <div className="secret-field">
          <input
            ref={inputRef}
            {...control}
            name={name}
            type={visible ? 'text' : 'password'}
            className="input mono"
            autoComplete="off"
            spellCheck={false}
            required={required}
            autoFocus={autoFocus}
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
      )}
    </Field>
  );
}
