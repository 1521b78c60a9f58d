import { classifyQuery } from '../../../src-shared/search/classifyQuery';
import { quoteInput } from '../../../src-shared/text/quoteInput';
import { BlockglassError } from '../errors/blockglassError';

/** A block as a request names it. */
export type BlockRef = { kind: 'number'; number: bigint } | { kind: 'tag'; tag: string } | { kind: 'hash'; hash: string };

/** Reads a block id the contract's schema accepted (number, hash or tag). */
export function parseBlockRef(id: string): BlockRef {
  const query = classifyQuery(id);
  if (query.kind === 'block') return { kind: 'number', number: query.number };
  if (query.kind === 'blockTag') return { kind: 'tag', tag: query.tag };
  if (query.kind === 'hash') return { kind: 'hash', hash: query.hash };
  throw new BlockglassError(`${quoteInput(id)} is not a block number, hash or tag.`, { code: 'INVALID_INPUT' });
}

/** The JSON-RPC block parameter for a number or tag. */
export const blockParam = (ref: Exclude<BlockRef, { kind: 'hash' }>) => (ref.kind === 'number' ? `0x${ref.number.toString(16)}` : ref.tag);

/** How a sentence names the block: `block 123`, `the finalized block`, `block 0xabc…`. */
export function describeBlockRef(ref: BlockRef): string {
  if (ref.kind === 'number') return `block ${ref.number.toString(10)}`;
  if (ref.kind === 'tag') return `${ref.tag} block`;
  return `block with hash ${ref.hash}`;
}
