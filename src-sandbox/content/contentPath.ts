import { walkPath } from 'ipfs-unixfs-exporter';
import { CID } from 'multiformats/cid';
import type { ContentBlocks } from './contentBlocks';
import { BlockNotFoundError, CommandError, errorMessage } from './errors';

/** A Kubo path argument taken apart: `<cid>[/name…]`, `/ipfs/<cid>[/name…]` or `/ipld/<cid>[/name…]`. */
export interface ContentPath {
  /** The argument as given (Kubo echoes it, e.g. as `ls`'s `Hash`). */
  text: string;
  root: CID;
  segments: string[];
}

/** Parses a path argument; a malformed one is a command error (500), as in Kubo. */
export function parseContentPath(text: string): ContentPath {
  let rest = text;
  if (rest.startsWith('/ipns/')) throw new CommandError(`invalid path "${text}": IPNS names are not served by this store`);
  if (rest.startsWith('/ipfs/') || rest.startsWith('/ipld/')) rest = rest.slice('/ipfs/'.length);
  else if (rest.startsWith('/')) throw new CommandError(`invalid path "${text}": unknown namespace "${rest.split('/')[1] ?? ''}"`);
  const [first, ...segments] = rest.split('/');
  if (!first) throw new CommandError(`invalid path "${text}": path does not have enough components`);
  let root: CID;
  try {
    root = CID.parse(first);
  } catch (error) {
    throw new CommandError(`invalid path "${text}": invalid cid: ${errorMessage(error)}`);
  }
  return { text, root, segments: segments.filter((segment) => segment !== '') };
}

/** Follows a path's names through UnixFS directories (plain and HAMT-sharded) to the CID they lead to. */
export async function resolveContentPath(blocks: ContentBlocks, path: ContentPath): Promise<CID> {
  if (path.segments.length === 0) return path.root;
  let cid = path.root;
  let remainder = path.segments;
  try {
    for await (const entry of walkPath(`${path.root}/${path.segments.join('/')}`, blocks.readable)) {
      cid = entry.cid;
      remainder = entry.remainder;
    }
  } catch (error) {
    if (error instanceof BlockNotFoundError) throw error;
    const missing = /No link "(.*)" found under (\S+)/.exec(errorMessage(error));
    if (missing) throw new CommandError(`no link named "${missing[1]}" under ${missing[2]}`);
    throw new CommandError(errorMessage(error));
  }
  // The exporter stops quietly at a file with names left over; Kubo reports the first one it cannot follow.
  if (remainder.length > 0) throw new CommandError(`no link named "${remainder[0]}" under ${cid}`);
  return cid;
}

/** Parses and resolves in one step. */
export async function resolveArgument(blocks: ContentBlocks, text: string): Promise<CID> {
  return resolveContentPath(blocks, parseContentPath(text));
}
