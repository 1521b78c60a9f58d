/**
 * Looks up values of a flat JSON object of strings (`{"a9059cbb":"transfer(address,uint256)",…}`) in its text,
 * without parsing it: parsing the 4byte lists (6 MB, 140,000 keys) blocked main for 300–600 ms on first use,
 * while a page waited; a look-up here scans the text once per key (a few ms) and is kept.
 *
 * Only for texts whose strings have no escapes (`jsonTextTable` returns undefined for any other: a backslash
 * anywhere) and for hex keys (selectors, topics; matched exactly as written): a quote followed by hex digits
 * and `":"` can then only open a key, never close a string or open a value (which follows a colon).
 */
export interface JsonTextTable {
  get(key: string): string | undefined;
  /** Every value, parsed once on first call (the whole table is wanted rarely: listing every event). */
  values(): string[];
}

export function jsonTextTable(text: string): JsonTextTable | undefined {
  if (text.includes('\\')) return undefined;
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') || !trimmed.endsWith('}')) return undefined;
  const found = new Map<string, string | undefined>();
  let all: string[] | undefined;
  return {
    get(key) {
      if (!/^[0-9a-fA-F]+$/.test(key)) return undefined;
      if (found.has(key)) return found.get(key);
      let value: string | undefined;
      // A key opens after `{` or `,`; the same digits opening a value follow a colon.
      const needle = `"${key}":"`;
      let at = text.indexOf(needle);
      while (at > 0 && text[at - 1] !== '{' && text[at - 1] !== ',') at = text.indexOf(needle, at + 1);
      if (at > 0) {
        const start = at + needle.length;
        const end = text.indexOf('"', start);
        if (end >= start) value = text.slice(start, end);
      }
      found.set(key, value);
      return value;
    },
    values() {
      all ??= Object.values(JSON.parse(text) as Record<string, unknown>).filter((value): value is string => typeof value === 'string');
      return all;
    },
  };
}
