import type { EventChoice } from '../../../src-shared/logs/types';
import type { KnownEvent } from '../decoding/createDecodingService';

/** Most events a search answers. */
const MAX_CHOICES = 50;

/**
 * Events matching what a person typed, from the events a network knows (most trusted first): names that start
 * with the text first, then names or signatures that contain it; one choice per topic and source, the
 * first (most trusted) kept. A signature that does not parse is skipped.
 */
export function searchEvents(
  known: readonly KnownEvent[],
  search: string,
  parse: (text: string, source: EventChoice['source']) => EventChoice | null,
): EventChoice[] {
  const text = search.trim().toLowerCase();
  const nameOf = (signature: string) => signature.slice(0, Math.max(0, signature.indexOf('('))).toLowerCase();
  const starts: KnownEvent[] = [];
  const contains: KnownEvent[] = [];
  for (const event of known) {
    const name = nameOf(event.text);
    if (!text || name.startsWith(text)) starts.push(event);
    else if (event.text.toLowerCase().includes(text)) contains.push(event);
    if (starts.length >= MAX_CHOICES * 40) break;
  }
  // Most trusted first, then the exact name, then signatures with argument names (from ABIs) over bare ones,
  // then the shorter signature (the standard `Transfer(address,address,uint256)` before its many variants).
  const rank = (event: KnownEvent) => (event.source === 'signatures' ? 4 : 0) + (nameOf(event.text) === text ? 0 : 2) + (/\s/.test(event.text) ? 0 : 1);
  const arity = (event: KnownEvent) => event.text.split(',').length;
  starts.sort((a, b) => rank(a) - rank(b) || arity(a) - arity(b) || a.text.length - b.text.length);
  const seen = new Set<string>();
  const choices: EventChoice[] = [];
  for (const event of [...starts, ...contains]) {
    const choice = parse(event.text, event.source);
    if (!choice) continue;
    const key = `${choice.topic0}:${event.address ?? ''}`;
    if (seen.has(key) || (event.source === 'signatures' && seen.has(`${choice.topic0}:`))) continue;
    seen.add(key);
    if (event.source !== 'signatures') seen.add(`${choice.topic0}:`);
    choices.push(event.address ? { ...choice, address: event.address } : choice);
    if (choices.length >= MAX_CHOICES) break;
  }
  return choices;
}
