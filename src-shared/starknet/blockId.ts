import { FIELD_PRIME, toFelt } from './felt';

/** The spec's block tags (spec 0.9 renamed `pending` to `pre_confirmed` and added `l1_accepted`). */
export const STARKNET_BLOCK_TAGS = ['latest', 'pre_confirmed', 'l1_accepted'] as const;
export type StarknetBlockTag = (typeof STARKNET_BLOCK_TAGS)[number];

/** `block_id` as the spec writes it: a tag, `{ block_number }` or `{ block_hash }`. */
export type StarknetBlockId = StarknetBlockTag | { block_number: number } | { block_hash: string };

/**
 * A block as typed: a tag (`pending`, the older spec's word, reads as `pre_confirmed`), a decimal number, or a
 * 0x block hash. A number in 0x hex is not a number here: on Starknet, 0x text is a hash.
 */
export function parseStarknetBlockId(text: string): { ok: true; blockId: StarknetBlockId } | { ok: false; message: string } {
  const trimmed = text.trim();
  const lower = trimmed.toLowerCase();
  if (lower === 'pending') return { ok: true, blockId: 'pre_confirmed' };
  if ((STARKNET_BLOCK_TAGS as readonly string[]).includes(lower)) return { ok: true, blockId: lower as StarknetBlockTag };
  if (/^[0-9]{1,16}$/.test(trimmed)) {
    const number = Number(trimmed);
    if (Number.isSafeInteger(number)) return { ok: true, blockId: { block_number: number } };
  }
  if (/^0x[0-9a-fA-F]{1,64}$/.test(trimmed)) {
    const value = BigInt(trimmed);
    if (value < FIELD_PRIME) return { ok: true, blockId: { block_hash: toFelt(value) } };
  }
  return { ok: false, message: 'The block is latest, pre_confirmed (pending), l1_accepted, a block number in decimal, or a 0x block hash.' };
}

/** A block id as a person reads it. */
export function formatStarknetBlockId(blockId: StarknetBlockId): string {
  if (typeof blockId === 'string') return blockId;
  return 'block_number' in blockId ? `block ${blockId.block_number}` : `block ${blockId.block_hash}`;
}
