import type { SelectHTMLAttributes } from 'react';
import { controlClassOf, Field, type FieldFrameProps } from './Field';

/** Props of {@link Select}: a select's own attributes and options plus its label, hint and error. */
export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'>, FieldFrameProps {
  /** Signatures and ids are shown in monospace. */
  mono?: boolean;
  /** More classes on the select itself. */
  inputClassName?: string;
}

/** A labelled choice of options (its children) whose hint and error are tied to it for screen readers. */
export function Select({ label, hint, error, announce, labelHidden, className, id, after, mono = false, inputClassName, children, ...select }: SelectProps) {
  return (
    <Field label={label} hint={hint} error={error} announce={announce} labelHidden={labelHidden} className={className} id={id} after={after}>
      {(control) => (
        <select {...select} {...control} className={controlClassOf(mono, inputClassName)}>
          {children}
        </select>
      )}
    </Field>
  );
}
