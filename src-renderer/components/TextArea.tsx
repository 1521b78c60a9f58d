import type { TextareaHTMLAttributes } from 'react';
import { controlClassOf, Field, type FieldFrameProps } from './Field';

/** Props of {@link TextArea}: a textarea's own attributes plus its label, hint and error. */
export interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className' | 'children'>, FieldFrameProps {
  /** Addresses, calldata and JSON are shown in monospace. */
  mono?: boolean;
  /** More classes on the textarea itself. */
  inputClassName?: string;
}

/** A labelled text box of several lines whose hint and error are tied to it for screen readers. */
export function TextArea({ label, hint, error, announce, labelHidden, className, id, after, mono = false, inputClassName, ...textarea }: TextAreaProps) {
  return (
    <Field label={label} hint={hint} error={error} announce={announce} labelHidden={labelHidden} className={className} id={id} after={after}>
      {(control) => <textarea {...textarea} {...control} className={controlClassOf(mono, inputClassName)} />}
    </Field>
  );
}
