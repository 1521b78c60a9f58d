import type { InputHTMLAttributes } from 'react';
import { controlClassOf, Field, type FieldFrameProps } from './Field';

/** Props of {@link TextField}: an input's own attributes plus its label, hint and error. */
export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'children'>, FieldFrameProps {
  /** Addresses, ids and keys are shown in monospace. */
  mono?: boolean;
  /** More classes on the input itself. */
  inputClassName?: string;
}

/** A labelled text input whose hint and error are tied to it for screen readers. */
export function TextField({ label, hint, error, announce, labelHidden, className, id, after, mono = false, inputClassName, ...input }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} announce={announce} labelHidden={labelHidden} className={className} id={id} after={after}>
      {(control) => <input {...input} {...control} className={controlClassOf(mono, inputClassName)} />}
    </Field>
  );
}
