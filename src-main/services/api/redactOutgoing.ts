// SECURITY: the door. Every message main sends to a window (results, events, errors) passes through here just
// before it is sent, so a secret main knows (an API key, a secret, a token) cannot leave in any field, whatever
// service put it there. Do not bypass it: the shells send the text this returns, nothing else.
import type { Redact } from '../errors/redactApiError';

/**
 * `json` (a message's JSON text) with every secret `redact` knows removed. A message that holds none, the usual
 * case, is returned as it is after one scan. One that holds one is rebuilt from a copy whose every string and
 * key is redacted, so the text stays well-formed JSON whatever the secret is (even one that is part of the
 * JSON syntax itself).
 */
export function redactOutgoing(json: string, redact: Redact): string {
  if (redact(json) === json) return json;
  return JSON.stringify(redactDeep(JSON.parse(json) as unknown, redact));
}

function redactDeep(value: unknown, redact: Redact): unknown {
  if (typeof value === 'string') return redact(value);
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, redact));
  if (typeof value === 'object' && value !== null) {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) copy[redact(key)] = redactDeep(item, redact);
    return copy;
  }
  return value;
}
