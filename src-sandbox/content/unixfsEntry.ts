import * as dagPb from '@ipld/dag-pb';
import { UnixFS } from 'ipfs-unixfs';
import type { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import type { ContentBlocks } from './contentBlocks';
import { CommandError, errorMessage } from './errors';
import { openUnixfsFile, type UnixfsFile } from './unixfsFile';

/** A named link of a directory. */
export interface DirectoryEntry {
  name: string;
  cid: CID;
}

/** A UnixFS node as `get` writes it out. `size` is what Kubo reports as the answer's length. */
export type UnixfsEntry =
  | { kind: 'file'; size: number; file: UnixfsFile }
  | { kind: 'directory'; size: number; entries(): AsyncGenerator<DirectoryEntry> }
  | { kind: 'symlink'; size: number; target: string };

/**
 * Opens the UnixFS node at `cid` (boxo's `NewUnixfsFile`): raw blocks and UnixFS files are files,
 * directories (plain or HAMT-sharded) list their entries, symlinks give their target. A directory's size is
 * its cumulative DAG size, as Kubo's; other codecs fail with Kubo's "unknown node type".
 */
export async function openUnixfsEntry(blocks: ContentBlocks, cid: CID): Promise<UnixfsEntry> {
  if (cid.code === raw.code) return fileEntry(blocks, cid);
  if (cid.code !== dagPb.code) throw new CommandError('unknown node type');
  const block = await blocks.get(cid);
  const { node, unixfs } = decodeUnixfs(cid, block);
  if (unixfs.type === 'directory' || unixfs.type === 'hamt-sharded-directory') {
    const size = block.byteLength + node.Links.reduce((sum, link) => sum + (link.Tsize ?? 0), 0);
    return { kind: 'directory', size, entries: () => directoryEntries(blocks, node, unixfs) };
  }
  if (unixfs.type === 'symlink') {
    const target = new TextDecoder().decode(unixfs.data ?? new Uint8Array());
    return { kind: 'symlink', size: Buffer.byteLength(target), target };
  }
  return fileEntry(blocks, cid);
}

async function fileEntry(blocks: ContentBlocks, cid: CID): Promise<UnixfsEntry> {
  const file = await openUnixfsFile(blocks, cid);
  return { kind: 'file', size: file.size, file };
}

function decodeUnixfs(cid: CID, block: Uint8Array): { node: dagPb.PBNode; unixfs: UnixFS } {
  try {
    const node = dagPb.decode(block);
    if (node.Data === undefined) throw new Error('no data in PBNode');
    return { node, unixfs: UnixFS.unmarshal(node.Data) };
  } catch (error) {
    throw new CommandError(`${cid} is not a UnixFS node: ${errorMessage(error)}`);
  }
}

/**
 * A directory's entries in link order. A HAMT shard's links are named with a bucket prefix (the whole name of
 * a sub-shard); sub-shards are read one block at a time as the walk reaches them, so even a huge directory
 * holds only the shards on the current branch (the exporter resolves every child at once).
 */
async function* directoryEntries(blocks: ContentBlocks, node: dagPb.PBNode, unixfs: UnixFS): AsyncGenerator<DirectoryEntry> {
  if (unixfs.type === 'directory') {
    for (const link of node.Links) yield { name: link.Name ?? '', cid: link.Hash };
    return;
  }
  const fanout = Number(unixfs.fanout ?? 0n);
  if (fanout < 2) throw new CommandError('HAMT shard without a fanout');
  const prefixLength = (fanout - 1).toString(16).length;
  for (const link of node.Links) {
    const name = link.Name ?? '';
    if (name.length > prefixLength) {
      yield { name: name.slice(prefixLength), cid: link.Hash };
      continue;
    }
    const shard = decodeUnixfs(link.Hash, await blocks.get(link.Hash));
    if (shard.unixfs.type !== 'hamt-sharded-directory') throw new CommandError(`${link.Hash} is not a HAMT shard`);
    yield* directoryEntries(blocks, shard.node, shard.unixfs);
  }
}
