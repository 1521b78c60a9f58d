import { useId, type ReactNode } from 'react';
import { describedByOf, FieldNotes, type FieldError } from './FieldNotes';

/** Props of {@link FieldGroup}. */
export interface FieldGroupProps {
  /** What the fields are, together: a screen reader says it on entering any of them. */
  legend: ReactNode;
  /** A note on the group as a whole, under its legend. */
  hint?: ReactNode;
  /** A problem of the group as a whole (two fields that do not go together); each field shows its own. */
  error?: FieldError;
  /** The group's look, in place of the plain `field-group` (a bordered box, a grid). */
  className?: string;
  children: ReactNode;
}

/**
 * A labelled group of fields (a fieldset and its legend): each field inside says its own error beside it; the
 * group's own error and hint, under the legend, describe the group.
 */
export function FieldGroup({ legend, hint, error, className = 'field-group', children }: FieldGroupProps) {
  const id = useId();
  return (
    <fieldset className={className} aria-describedby={describedByOf(id, error, hint)}>
      <legend className="field-label">{legend}</legend>
      <FieldNotes id={id} error={error} hint={hint} />
      {children}
    </fieldset>
  );
}
