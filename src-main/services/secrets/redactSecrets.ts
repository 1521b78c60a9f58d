// SECURITY: every message, URL and log line leaving the main process goes through this. Do not loosen it:
// the output must not contain any secret in any known form, whatever the text and the secrets are.
import { allSecretForms } from './secretForms';

/** What a secret is replaced with. */
export const REDACTED = '<redacted>';

// Fallback markers, for secrets that are themselves part of "<redacted>" (a one-letter key such as "e").
const MARKERS = [REDACTED, '[REDACTED]', '***', '###', ''];

// Replacing can, in contrived cases, join the marker and its neighbours into a new secret; a few rounds
// settle it, and if not, secrets are removed outright (each round then shortens the text, so it ends).
const MAX_ROUNDS = 4;

/** `text` with every occurrence of each secret (also URL-encoded or JSON-escaped) replaced by `<redacted>`. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  const forms = allSecretForms(secrets);
  if (forms.length === 0) return text;
  const pattern = new RegExp(forms.map(escapeRegExp).join('|'), 'g'); // no `u`: match code units, as `includes` does, lone surrogates included
  const found = (value: string) => forms.some((form) => value.includes(form));
  if (!found(text)) return text;

  const marker = MARKERS.find((candidate) => !found(candidate)) ?? '';
  let result = text;
  for (let round = 0; round < MAX_ROUNDS && found(result); round++) result = result.replace(pattern, marker);
  while (found(result)) result = result.replace(pattern, '');
  return result;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}
