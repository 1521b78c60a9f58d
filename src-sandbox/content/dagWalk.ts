import * as dagPb from '@ipld/dag-pb';
import type { CID } from 'multiformats/cid';
import type { ContentBlocks } from './contentBlocks';
import { CommandError, errorMessage } from './errors';
import { codecOf, linksIn } from './ipldCodecs';

/** Blocks decoded at once while walking: enough to hide disk latency, small enough to keep memory flat. */
const WALK_CONCURRENCY = 8;

/**
 * Every CID reachable from `root` (root included), as strings. dag-pb, dag-cbor and dag-json blocks are read
 * for their links; raw leaves (and codecs the store cannot decode) are only checked to exist. Throws
 * `BlockNotFoundError` for the first block missing, which is what makes a recursive pin fail in Kubo.
 */
export async function collectDag(blocks: ContentBlocks, root: CID): Promise<Set<string>> {
  const seen = new Set<string>([root.toString()]);
  let frontier: CID[] = [root];
  while (frontier.length > 0) {
    const next: CID[] = [];
    for (let index = 0; index < frontier.length; index += WALK_CONCURRENCY) {
      const batch = frontier.slice(index, index + WALK_CONCURRENCY);
      const linkLists = await Promise.all(batch.map((cid) => linksOf(blocks, cid)));
      for (const links of linkLists) {
        for (const link of links) {
          const key = link.toString();
          if (seen.has(key)) continue;
          seen.add(key);
          next.push(link);
        }
      }
    }
    frontier = next;
  }
  return seen;
}

async function linksOf(blocks: ContentBlocks, cid: CID): Promise<CID[]> {
  const codec = codecOf(cid.code);
  if (codec === undefined || codec.name === 'raw' || codec.name === 'json') {
    await blocks.size(cid); // existence check without reading
    return [];
  }
  const block = await blocks.get(cid);
  try {
    if (cid.code === dagPb.code) return dagPb.decode(block).Links.map((link) => link.Hash);
    return linksIn(codec.decode(block));
  } catch (error) {
    throw new CommandError(`cannot decode block ${cid}: ${errorMessage(error)}`);
  }
}
