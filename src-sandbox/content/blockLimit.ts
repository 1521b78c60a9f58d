import type { CommandQuery } from './commandQuery';
import { CommandError } from './errors';

/** Kubo's soft block limit (`cmdutils.SoftBlockLimit`): no command produces a bigger block. */
export const SOFT_BLOCK_LIMIT = 1024 * 1024;

/** Kubo's wording when a command would produce a block over the limit. */
export const BLOCK_OVER_LIMIT =
  "produced block is over 1MiB: big blocks can't be exchanged with other peers. consider using UnixFS for automatic chunking of bigger files, or pass --allow-big-block to override";

/**
 * Refuses `allow-big-block=true`: the store keeps Kubo's 1 MiB limit, since bigger blocks cannot travel over
 * bitswap from the hosted service either, and each one would be held whole in memory.
 */
export function refuseBigBlocks(query: CommandQuery): void {
  if (query.bool(['allow-big-block'], false)) {
    throw new CommandError('option "allow-big-block" is not supported by this store: blocks stay within 1MiB');
  }
}

/** Fails with Kubo's message when a block is over the limit. */
export function checkBlockSize(size: number): void {
  if (size > SOFT_BLOCK_LIMIT) throw new CommandError(BLOCK_OVER_LIMIT);
}

/**
 * Reads a multipart part whole, failing with `overLimit` as soon as it passes `limit` bytes: the rest is
 * never buffered (the multipart reader drains it once the command gives up).
 */
export async function readPartWithin(content: AsyncIterable<Uint8Array>, limit: number, overLimit: string): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of content) {
    size += chunk.byteLength;
    if (size > limit) throw new CommandError(overLimit);
    chunks.push(chunk);
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
}
