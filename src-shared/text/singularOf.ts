// Plurals that do not end in a plain `s` after the singular, among the nouns the app lists.
// Words ending in s that are no plural.
const NOT_PLURAL = new Set(['gas', 'status', 'address', 'bonus', 'class', 'process', 'access']);
const IRREGULAR: Record<string, string> = { entries: 'entry', retries: 'retry', queries: 'query', addresses: 'address', matches: 'match', children: 'child' };

/**
 * The singular of a plural noun phrase the app names a list with: its first plural word made singular
 * (`transactions sent` → `transaction sent`, `token transfers` → `token transfer`, `entries` → `entry`).
 * For the few words it knows; a phrase with no plural word is returned as it is.
 */
export function singularOf(plural: string): string {
  const words = plural.split(' ');
  // The noun is the first word that reads as a plural; the words before it describe it (`new logs`, `token transfers`).
  const at = words.findIndex((word) => IRREGULAR[word] !== undefined || (/[^s]s$/.test(word) && word.length > 2 && !NOT_PLURAL.has(word)));
  if (at < 0) return plural;
  const word = words[at]!;
  words[at] = IRREGULAR[word] ?? word.slice(0, -1);
  return words.join(' ');
}
