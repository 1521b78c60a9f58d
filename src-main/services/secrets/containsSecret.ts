// SECURITY: the store's guard relies on this to keep keys out of the database.
import { allSecretForms } from './secretForms';

/** Whether `text` contains any of `secrets`, in any of the forms redaction knows. */
export function containsSecret(text: string, secrets: readonly string[]): boolean {
  return allSecretForms(secrets).some((form) => text.includes(form));
}
