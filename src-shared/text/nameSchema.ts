import { z } from 'zod';
import { cleanName, NAME_MAX_CHARS } from './cleanName';

/**
 * The zod schema of a name a person gives to something: `cleanName`'s rules in a contract schema, so
 * main refuses what the form refuses, with the same message. Parses to the cleaned name.
 */
export function nameSchema(maxChars: number = NAME_MAX_CHARS) {
  return z.string().transform((raw, context) => {
    const cleaned = cleanName(raw, maxChars);
    if (cleaned.ok) return cleaned.name;
    context.addIssue({ code: 'custom', message: cleaned.message });
    return z.NEVER;
  });
}
