import * as dagPb from '@ipld/dag-pb';
import { UnixFS } from 'ipfs-unixfs';
import { exporter } from 'ipfs-unixfs-exporter';
import type { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import type { CommandHandler } from '../commandContext';
import type { ContentBlocks } from '../contentBlocks';
import { resolveArgument } from '../contentPath';
import { CommandError, errorMessage } from '../errors';

/** Kubo's `ls` entry types (UnixFS data types). */
const TYPE = { file: 2, directory: 1, symlink: 4, metadata: 3, unknown: -1 } as const;
/** Children resolved at once: directories can hold thousands of entries. */
const RESOLVE_CONCURRENCY = 32;

interface LsLink {
  Name: string;
  Hash: string;
  Size: number;
  Type: number;
  Target: string;
}

/**
 * `ls`: `{"Objects":[{"Hash": <arg>, "Links":[{Name, Hash, Size, Type, Target}]}]}`. Directories (plain or
 * HAMT-sharded) list their entries; other nodes list their raw links, as Kubo does for multi-block files.
 * Sizes are file sizes (0 for directories). With `stream`, each entry is its own line.
 */
export const runLs: CommandHandler = async ({ blocks }, { query, reply }) => {
  const args = query.requiredArgs('ipfs-path');
  query.requireJsonEncoding();
  const stream = query.bool(['stream', 's'], false);
  const objects: { Hash: string; Links: LsLink[] }[] = [];
  for (const arg of args) {
    const cid = await resolveArgument(blocks, arg);
    const links = await resolveLinks(blocks, await childLinks(blocks, cid));
    if (stream) for (const link of links) reply.ndjson({ Objects: [{ Hash: arg, Links: [link] }] });
    else objects.push({ Hash: arg, Links: links });
  }
  if (!stream) reply.ndjson({ Objects: objects });
  reply.end();
};

/** The named links under a node: directory entries through the exporter (it walks HAMT shards), else raw links. */
async function childLinks(blocks: ContentBlocks, cid: CID): Promise<{ name: string; cid: CID }[]> {
  if (cid.code !== dagPb.code) return [];
  let entry;
  try {
    entry = await exporter(cid, blocks.readable);
  } catch (error) {
    if (error instanceof CommandError) throw error;
    // Not UnixFS: list the plain dag-pb links.
    return dagPb.decode(await blocks.get(cid)).Links.map((link) => ({ name: link.Name ?? '', cid: link.Hash }));
  }
  if (entry.type === 'directory') {
    const children: { name: string; cid: CID }[] = [];
    for await (const child of entry.entries()) children.push({ name: child.name, cid: child.cid });
    return children;
  }
  if (entry.type === 'file') return entry.node.Links.map((link) => ({ name: link.Name ?? '', cid: link.Hash }));
  return [];
}

async function resolveLinks(blocks: ContentBlocks, links: { name: string; cid: CID }[]): Promise<LsLink[]> {
  const resolved: LsLink[] = [];
  for (let index = 0; index < links.length; index += RESOLVE_CONCURRENCY) {
    const batch = links.slice(index, index + RESOLVE_CONCURRENCY);
    resolved.push(...(await Promise.all(batch.map((link) => describe(blocks, link)))));
  }
  return resolved;
}

/** Reads a child to give its type and size, as Kubo's default `--resolve-type --size` do. */
async function describe(blocks: ContentBlocks, link: { name: string; cid: CID }): Promise<LsLink> {
  const base = { Name: link.name, Hash: link.cid.toString(), Target: '' };
  if (link.cid.code === raw.code) return { ...base, Size: await blocks.size(link.cid), Type: TYPE.file };
  if (link.cid.code !== dagPb.code) return { ...base, Size: 0, Type: TYPE.unknown };
  let unixfs: UnixFS;
  try {
    const node = dagPb.decode(await blocks.get(link.cid));
    if (node.Data === undefined) throw new Error('no data in PBNode');
    unixfs = UnixFS.unmarshal(node.Data);
  } catch (error) {
    if (error instanceof CommandError) throw error;
    throw new CommandError(`cannot read entry ${link.cid}: ${errorMessage(error)}`);
  }
  switch (unixfs.type) {
    case 'directory':
    case 'hamt-sharded-directory':
      return { ...base, Size: 0, Type: TYPE.directory };
    case 'symlink': {
      const target = new TextDecoder().decode(unixfs.data ?? new Uint8Array());
      return { ...base, Size: unixfs.data?.byteLength ?? 0, Type: TYPE.symlink, Target: target };
    }
    case 'metadata':
      return { ...base, Size: 0, Type: TYPE.metadata };
    default:
      return { ...base, Size: Number(unixfs.fileSize()), Type: TYPE.file };
  }
}
