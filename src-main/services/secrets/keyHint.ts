// SECURITY: the hint is the only trace of a key the renderer ever sees. It must never reveal more than half
// of the key, however short the key is.

/**
 * A hint that lets a person recognise their key without revealing it: `a1b2…f9e0`, the first and last four
 * characters. Shorter keys show fewer (at most a quarter of the key at each end, so never more than half in
 * all): 3 + 3 from 12 characters, 2 + 2 from 8, 1 + 1 from 4, and only `…` below 4.
 */
export function keyHint(apiKey: string): string {
  const chars = Array.from(apiKey); // code points, so a hint never splits a character
  const shown = Math.min(4, Math.floor(chars.length / 4));
  if (shown === 0) return '…';
  return `${chars.slice(0, shown).join('')}…${chars.slice(-shown).join('')}`;
}
