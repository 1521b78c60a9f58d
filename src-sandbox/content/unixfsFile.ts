import * as dagPb from '@ipld/dag-pb';
import { UnixFS } from 'ipfs-unixfs';
import type { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import type { ContentBlocks } from './contentBlocks';
import { CommandError, errorMessage } from './errors';

/** How many sibling blocks a reader fetches ahead of the one being written: bounded, unlike the exporter's. */
const READ_AHEAD = 4;

/** One node of a UnixFS file DAG as far as reading goes: inline bytes, then children of known sizes. */
interface FileNode {
  data: Uint8Array | undefined;
  children: { cid: CID; size: number }[];
  /** Bytes this node stands for (its data plus its children's sizes). */
  size: number;
}

/** A UnixFS file (or raw block) ready to be read in ranges. */
export interface UnixfsFile {
  cid: CID;
  size: number;
  /**
   * The bytes in [offset, offset + length), pulled block by block: a block is read only when the consumer
   * asks for more (plus a small fixed read-ahead), so a slow reader keeps memory flat.
   */
  read(offset: number, length: number): AsyncGenerator<Uint8Array>;
}

/** Opens the file at `cid`; directories and other non-files fail with Kubo's messages. */
export async function openUnixfsFile(blocks: ContentBlocks, cid: CID): Promise<UnixfsFile> {
  const root = decodeFileNode(cid, await blocks.get(cid));
  return {
    cid,
    size: root.size,
    read(offset, length) {
      const start = Math.min(offset, root.size);
      const end = Math.min(root.size, start + length);
      return readChecked(blocks, root, start, end);
    },
  };
}

async function* readChecked(blocks: ContentBlocks, root: FileNode, start: number, end: number): AsyncGenerator<Uint8Array> {
  let delivered = 0;
  for await (const chunk of readNode(blocks, root, 0, start, end)) {
    delivered += chunk.byteLength;
    yield chunk;
  }
  if (delivered !== end - start) throw new CommandError(`file DAG ended after ${delivered} of ${end - start} bytes`);
}

async function* readNode(blocks: ContentBlocks, node: FileNode, nodeStart: number, start: number, end: number): AsyncGenerator<Uint8Array> {
  let position = nodeStart;
  if (node.data !== undefined) {
    const from = Math.max(start, position);
    const to = Math.min(end, position + node.data.byteLength);
    if (from < to) yield node.data.subarray(from - position, to - position);
    position += node.data.byteLength;
  }
  const wanted: { cid: CID; size: number; start: number }[] = [];
  for (const child of node.children) {
    const childStart = position;
    position += child.size;
    if (position <= start) continue;
    if (childStart >= end) break;
    wanted.push({ ...child, start: childStart });
  }
  const pending: Promise<Uint8Array>[] = [];
  let requested = 0;
  for (const child of wanted) {
    while (pending.length < READ_AHEAD && requested < wanted.length) {
      const fetch = blocks.get(wanted[requested]!.cid);
      // Read-ahead failures surface when their turn comes; until then they are not "unhandled".
      fetch.catch(() => undefined);
      pending.push(fetch);
      requested += 1;
    }
    const decoded = decodeFileNode(child.cid, await pending.shift()!);
    if (decoded.size !== child.size) {
      throw new CommandError(`block ${child.cid} holds ${decoded.size} bytes but its parent declares ${child.size}`);
    }
    yield* readNode(blocks, decoded, child.start, start, end);
  }
}

/** Decodes a block of a file DAG: a raw leaf, or a dag-pb UnixFS file / raw node. */
function decodeFileNode(cid: CID, block: Uint8Array): FileNode {
  if (cid.code === raw.code) return { data: block, children: [], size: block.byteLength };
  if (cid.code !== dagPb.code) throw new CommandError('operation not supported');
  let unixfs: UnixFS;
  let links: dagPb.PBLink[];
  try {
    const node = dagPb.decode(block);
    if (node.Data === undefined) throw new Error('no data in PBNode');
    unixfs = UnixFS.unmarshal(node.Data);
    links = node.Links;
  } catch (error) {
    throw new CommandError(`not a UnixFS node: ${errorMessage(error)}`);
  }
  if (unixfs.type === 'directory' || unixfs.type === 'hamt-sharded-directory') throw new CommandError('this dag node is a directory');
  if (unixfs.type !== 'file' && unixfs.type !== 'raw') throw new CommandError('operation not supported');
  if (links.length !== unixfs.blockSizes.length) throw new CommandError('not a UnixFS file: inconsistent block sizes and links');
  const children = links.map((link, index) => ({ cid: link.Hash, size: Number(unixfs.blockSizes[index]) }));
  const data = unixfs.data !== undefined && unixfs.data.byteLength > 0 ? unixfs.data : undefined;
  const size = (data?.byteLength ?? 0) + children.reduce((sum, child) => sum + child.size, 0);
  return { data, children, size };
}
