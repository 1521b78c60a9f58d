import { useId, type InputHTMLAttributes } from 'react';

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
  const describedBy = [error ? `${id}-error` : undefined, hint ? `${id}-hint` : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input {...input} id={id} className={mono ? 'input mono' : 'input'} aria-invalid={error ? true : undefined} aria-describedby={describedBy} />
      {error ? (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      ) : null}
      {hint ? (
        <span id={`${id}-hint`} className="field-hint">
          {hint}
        </span>
      ) : null}
    </div>
  );
}
