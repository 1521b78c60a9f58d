// SECURITY: redaction and the store's guard find secrets through these forms. Removing one lets that
// spelling of a key through into messages, logs and the database.

/**
 * The spellings under which a secret can appear in text that leaves main: as is, URL-encoded (component and
 * whole-URL encoding, upper- and lowercase hex, `+` for spaces), and JSON-escaped. Longest first, no empties.
 */
export function secretForms(secret: string): string[] {
  if (secret === '') return [];
  const forms = new Set<string>([secret, JSON.stringify(secret).slice(1, -1)]);
  for (const encode of [encodeURIComponent, encodeURI]) {
    let encoded: string;
    try {
      encoded = encode(secret);
    } catch {
      continue; // lone surrogates cannot be URL-encoded, so they cannot appear encoded either
    }
    forms.add(encoded);
    forms.add(encoded.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()));
    forms.add(encoded.replace(/%20/g, '+'));
  }
  return [...forms].sort((a, b) => b.length - a.length);
}

/** Every form of every non-empty secret, longest first, without duplicates. */
export function allSecretForms(secrets: readonly string[]): string[] {
  const forms = new Set<string>();
  for (const secret of secrets) for (const form of secretForms(secret)) forms.add(form);
  return [...forms].sort((a, b) => b.length - a.length);
}
