import { classifyQuery } from '../search/classifyQuery';

/** What a block id may be, as refusals say it. */
export const BLOCK_ID_HINT = 'A block is a number (decimal or 0x hex), a 0x block hash, or latest, earliest, pending, safe or finalized.';

/** Why `text` is not a block id (a sentence), or undefined when it is one. */
export function blockIdProblem(text: string): string | undefined {
  const query = classifyQuery(text);
  if (query.kind === 'block' || query.kind === 'blockTag' || query.kind === 'hash') return undefined;
  // The search box's refusals speak of addresses and CIDs too; a block box's speak of blocks only.
  const why = query.kind === 'invalid' && (query.reason === 'negative' || query.reason === 'blockTooLarge') ? `${query.message} ` : '';
  return `${why}${BLOCK_ID_HINT}`;
}
