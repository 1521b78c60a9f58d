import * as dagCbor from '@ipld/dag-cbor';
import * as dagJson from '@ipld/dag-json';
import { walkPath } from 'ipfs-unixfs-exporter';
import { CID } from 'multiformats/cid';
import * as json from 'multiformats/codecs/json';
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

/** Codecs whose nodes hold named fields: a path may end inside one, and Kubo answers the rest as a remainder. */
const FIELD_CODECS: ReadonlySet<number> = new Set([dagCbor.code, dagJson.code, json.code]);

/** Where a path leads: the last node reached, and the names left inside it (only for dag-cbor and dag-json). */
export interface ResolvedPath {
  cid: CID;
  remainder: string[];
}

/**
 * Follows a path's names through UnixFS directories (plain and HAMT-sharded) and through the fields and links
 * of dag-cbor and dag-json nodes. A path ending inside such a node's fields resolves to that node with the
 * field names as remainder (Kubo's `dag resolve` answers them as `RemPath`); anywhere else a name that leads
 * nowhere fails with Kubo's "no link named" error.
 */
export async function resolvePathWithin(blocks: ContentBlocks, path: ContentPath): Promise<ResolvedPath> {
  if (path.segments.length === 0) return { cid: path.root, remainder: [] };
  let cid = path.root;
  let remainder = path.segments;
  try {
    for await (const entry of walkPath(`${path.root}/${path.segments.join('/')}`, blocks.readable)) {
      cid = entry.cid;
      remainder = entry.remainder;
    }
  } catch (error) {
    if (error instanceof BlockNotFoundError) throw error;
    const message = errorMessage(error);
    const missing = /No link "(.*)" found under (\S+)/.exec(message);
    if (missing) throw new CommandError(`no link named "${missing[1]}" under ${missing[2]}`);
    // The exporter's words for a missing field, and for a path going on below a raw or identity block.
    const field = /^Object did not have key "(.*)"$/.exec(message) ?? /^Cannot load path \/([^/]*)/.exec(message);
    if (field) throw new CommandError(`no link named "${field[1]}" under ${cid}`);
    throw new CommandError(message);
  }
  // The exporter stops quietly at a file with names left over; Kubo reports the first one it cannot follow.
  if (remainder.length > 0 && !FIELD_CODECS.has(cid.code)) throw new CommandError(`no link named "${remainder[0]}" under ${cid}`);
  return { cid, remainder };
}

/** Follows a path to the node it names; a path ending inside a node's fields fails (only `dag/*` reads those). */
export async function resolveContentPath(blocks: ContentBlocks, path: ContentPath): Promise<CID> {
  const { cid, remainder } = await resolvePathWithin(blocks, path);
  if (remainder.length > 0) throw new CommandError(`no link named "${remainder[0]}" under ${cid}`);
  return cid;
}

/** Parses and resolves in one step. */
export async function resolveArgument(blocks: ContentBlocks, text: string): Promise<CID> {
  return resolveContentPath(blocks, parseContentPath(text));
}
