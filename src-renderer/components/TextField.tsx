import { useId, type InputHTMLAttributes } from 'react';
import { describedByOf, FieldNotes } from './FieldNotes';

/** Props of {@link TextField}: an input's own attributes plus its label, hint and error. */
export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  label: string;
  hint?: string;
  error?: string;
  /** Addresses, ids and keys are shown in monospace. */
  mono?: boolean;
  className?: string;
}

/** A labelled text input whose hint and error are tied to it for screen readers. */
export function TextField({ label, hint, error, mono = false, className, ...input }: TextFieldProps) {
  const id = useId();
  const describedBy = describedByOf(id, error, hint);
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input {...input} id={id} className={mono ? 'input mono' : 'input'} aria-invalid={error ? true : undefined} aria-describedby={describedBy} />
      <FieldNotes id={id} error={error} hint={hint} />
    </div>
  );
}
