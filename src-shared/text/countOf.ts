import { groupDigits } from './groupDigits';

/**
 * A count with its noun in the right number: `1 function`, `0 events`, `3 errors`, `12,000 blocks` (`plural` for
 * irregular nouns). The one way the app writes a count: "1 blocks" and "block(s)" are never written by hand.
 */
export function countOf(count: number | bigint, noun: string, plural = `${noun}s`): string {
  const one = typeof count === 'bigint' ? count === 1n : count === 1;
  return `${groupDigits(count)} ${one ? noun : plural}`;
}
