/** The ids a field's input names in `aria-describedby`: its error, then its hint (undefined when neither). */
export function describedByOf(id: string, error: string | undefined, hint: string | undefined): string | undefined {
  return [error ? `${id}-error` : undefined, hint ? `${id}-hint` : undefined].filter(Boolean).join(' ') || undefined;
}

/** A field's error and hint under its input, with the ids {@link describedByOf} points at. */
export function FieldNotes({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  return (
    <>
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
    </>
  );
}
