// Errors carry `data` from anywhere (viem errors, zod issues, service details). Before it crosses the
// boundary it is made JSON-safe here, with every string (keys included) passed through `redact`.

const MAX_DEPTH = 12;
const MAX_ENTRIES = 200;
const MAX_STRING = 4_000;

/**
 * A JSON-safe copy of `value` with `redact` applied to every string and object key: bigints become
 * `0x` hex, functions and symbols are dropped, cycles and deep nesting are cut, long strings and
 * collections are truncated.
 */
export function toJsonSafe(value: unknown, redact: (text: string) => string): unknown {
  return copy(value, redact, 0, new WeakSet());
}

function copy(value: unknown, redact: (text: string) => string, depth: number, seen: WeakSet<object>): unknown {
  switch (typeof value) {
    case 'string':
      return redact(truncate(value));
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'boolean':
      return value;
    case 'bigint':
      return value < 0n ? `-0x${(-value).toString(16)}` : `0x${value.toString(16)}`;
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
  }
  if (value === null) return null;
  const object = value as object;
  if (seen.has(object)) return '[circular]';
  if (depth >= MAX_DEPTH) return '[too deep]';
  seen.add(object);
  try {
    if (Array.isArray(object)) {
      return object.slice(0, MAX_ENTRIES).map((item) => copy(item, redact, depth + 1, seen) ?? null);
    }
    if (object instanceof Date) return Number.isNaN(object.getTime()) ? null : object.toISOString();
    if (object instanceof Error) return { name: redact(truncate(object.name)), message: redact(truncate(object.message)) };
    const result: Record<string, unknown> = {};
    for (const key of Object.keys(object).slice(0, MAX_ENTRIES)) {
      const item = copy((object as Record<string, unknown>)[key], redact, depth + 1, seen);
      if (item !== undefined) result[redact(truncate(key))] = item;
    }
    return result;
  } finally {
    seen.delete(object);
  }
}

function truncate(text: string): string {
  return text.length > MAX_STRING ? `${text.slice(0, MAX_STRING)}…` : text;
}
