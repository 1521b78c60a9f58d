import type { ReactNode } from 'react';

/** A field's error: one message, or several (each on its own line); nothing when empty. */
export type FieldError = string | readonly string[] | undefined;

/** The messages of a field's error, none when it has none. */
export function errorMessagesOf(error: FieldError): readonly string[] {
  if (error === undefined) return [];
  return typeof error === 'string' ? (error === '' ? [] : [error]) : error;
}

/** The ids a field's input names in `aria-describedby`: its error, then its hint (undefined when neither). */
export function describedByOf(id: string, error: FieldError, hint: ReactNode): string | undefined {
  return [errorMessagesOf(error).length > 0 ? `${id}-error` : undefined, hint ? `${id}-hint` : undefined].filter(Boolean).join(' ') || undefined;
}

/**
 * A field's error and hint under its input, with the ids {@link describedByOf} points at. `announce` reads the
 * error out as it appears (role="alert"): for an error that comes with a submit, not one that follows typing.
 */
export function FieldNotes({ id, error, hint, announce = false }: { id: string; error?: FieldError; hint?: ReactNode; announce?: boolean }) {
  const messages = errorMessagesOf(error);
  const role = announce ? 'alert' : undefined;
  return (
    <>
      {messages.length === 1 ? (
        <span id={`${id}-error`} className="field-error" role={role}>
          {messages[0]}
        </span>
      ) : messages.length > 1 ? (
        <div id={`${id}-error`} role={role}>
          {messages.map((message) => (
            <p key={message} className="field-error">
              {message}
            </p>
          ))}
        </div>
      ) : null}
      {hint ? (
        <span id={`${id}-hint`} className="field-hint">
          {hint}
        </span>
      ) : null}
    </>
  );
}
