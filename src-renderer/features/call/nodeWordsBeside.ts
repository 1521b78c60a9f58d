import type { RevertDecoding } from '../../../src-shared/decoding/decodeRevert';

/**
 * The node's own words to show beside a revert, or none. Beside a decoded revert they are shown only when they
 * agree with it (they hold its reason or its error's name): a node that could not read a custom error says
 * "reverted without a reason string" or "an unrecognized custom error", which the decoding has just proved
 * wrong. A revert the app could not decode, or an error that is no revert, keeps whatever the node said.
 */
export function nodeWordsBeside(nodeSaid: string | undefined, revert: RevertDecoding | null): string | undefined {
  if (nodeSaid === undefined || revert?.status !== 'decoded') return nodeSaid;
  const words = nodeSaid.toLowerCase();
  const agrees = [revert.message, revert.name].some((text) => text.trim() !== '' && words.includes(text.toLowerCase()));
  return agrees ? nodeSaid : undefined;
}
