import { useId, type ReactNode } from 'react';
import { describedByOf, errorMessagesOf, FieldNotes, type FieldError } from './FieldNotes';

/** What a field hands its control: the id its label points at, and the invalid mark and notes that describe it. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** What every field takes besides its control. */
export interface FieldFrameProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: FieldError;
  /** Read the error out as it appears: for an error a submit brings, not one that follows typing. */
  announce?: boolean;
  /** The label for screen readers only, where the words around the control already name it on screen. */
  labelHidden?: boolean;
  /** More classes on the wrapper, after `field`. */
  className?: string;
  /** The control's id, where something else names it; one of React's otherwise. */
  id?: string;
  /** Under the notes and outside the description: what the value leads to (a list of choices, its labels). */
  after?: ReactNode;
}

/** Props of {@link Field}: the frame, and the control drawn with the props it hands over. */
export interface FieldProps extends FieldFrameProps {
  children: (control: FieldControlProps) => ReactNode;
}

/** The classes of a field's control: `input`, `mono` for ids, addresses and keys, then the caller's own. */
export function controlClassOf(mono: boolean | undefined, extra: string | undefined): string {
  return ['input', mono ? 'mono' : undefined, extra].filter(Boolean).join(' ');
}

/**
 * A labelled control with its error and hint beside it: the label names the control (`for`), the error and the
 * hint describe it (`aria-describedby`, the error first), and an error marks it invalid (`aria-invalid`). The
 * control is any element: it spreads the props it is handed.
 */
export function Field({ label, hint, error, announce, labelHidden = false, className, id: given, after, children }: FieldProps) {
  const generated = useId();
  const id = given ?? generated;
  const control: FieldControlProps = {
    id,
    'aria-invalid': errorMessagesOf(error).length > 0 ? true : undefined,
    'aria-describedby': describedByOf(id, error, hint),
  };
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id} className={labelHidden ? 'visually-hidden' : 'field-label'}>
        {label}
      </label>
      {children(control)}
      <FieldNotes id={id} error={error} hint={hint} announce={announce} />
      {after}
    </div>
  );
}
