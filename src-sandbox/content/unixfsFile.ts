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
  read(offset: number, length: number, buffers?: BlockBuffers): AsyncGenerator<Uint8Array>;
}

/**
 * A few block-sized buffers a reader reads leaves into, given back by its consumer once a chunk is written
 * out (`giveBack`), so a long read allocates nothing per block. A fresh 256 KiB buffer per block made `cat`
 * spend a large share of its time in garbage collection, on the main thread and beside it (see `runCat`).
 * When all are lent, blocks are read into buffers of their own, as without a pool.
 */
export class BlockBuffers {
  private readonly free: Uint8Array[] = [];
  private readonly lent = new Map<ArrayBufferLike, Uint8Array>();
  /** Buffers made so far: they are made as needed, so that a file of a block or two costs no more. */
  private made = 0;

  constructor(
    private readonly count: number,
    private readonly size: number,
  ) {}

  /** A buffer to read into, or undefined when all are lent. */
  take(): Uint8Array | undefined {
    let buffer = this.free.pop();
    if (buffer === undefined && this.made < this.count) {
      this.made += 1;
      buffer = new Uint8Array(this.size);
    }
    if (buffer !== undefined) this.lent.set(buffer.buffer, buffer);
    return buffer;
  }

  /** Whether `bytes` lie in a lent buffer. */
  holds(bytes: Uint8Array): boolean {
    return this.lent.has(bytes.buffer);
  }

  /** Takes back the buffer `bytes` lie in, once nothing reads them any more; bytes from elsewhere are ignored. */
  giveBack(bytes: Uint8Array): void {
    const buffer = this.lent.get(bytes.buffer);
    if (buffer === undefined) return;
    this.lent.delete(bytes.buffer);
    this.free.push(buffer);
  }
}

/** Opens the file at `cid`; directories and other non-files fail with Kubo's messages. */
export async function openUnixfsFile(blocks: ContentBlocks, cid: CID): Promise<UnixfsFile> {
  const root = decodeFileNode(cid, await blocks.get(cid));
  return {
    cid,
    size: root.size,
    read(offset, length, buffers) {
      const start = Math.min(offset, root.size);
      const end = Math.min(root.size, start + length);
      return readChecked(blocks, root, start, end, buffers);
    },
  };
}

async function* readChecked(blocks: ContentBlocks, root: FileNode, start: number, end: number, buffers: BlockBuffers | undefined): AsyncGenerator<Uint8Array> {
  let delivered = 0;
  for await (const chunk of readNode(blocks, root, 0, start, end, buffers)) {
    delivered += chunk.byteLength;
    yield chunk;
  }
  if (delivered !== end - start) throw new CommandError(`file DAG ended after ${delivered} of ${end - start} bytes`);
}

async function* readNode(
  blocks: ContentBlocks,
  node: FileNode,
  nodeStart: number,
  start: number,
  end: number,
  buffers: BlockBuffers | undefined,
): AsyncGenerator<Uint8Array> {
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
      const fetch = readBlock(blocks, wanted[requested]!.cid, buffers);
      // Read-ahead failures surface when their turn comes; until then they are not "unhandled".
      fetch.catch(() => undefined);
      pending.push(fetch);
      requested += 1;
    }
    const bytes = await pending.shift()!;
    let decoded = decodeFileNode(child.cid, bytes);
    if (decoded.size !== child.size) {
      throw new CommandError(`block ${child.cid} holds ${decoded.size} bytes but its parent declares ${child.size}`);
    }
    if (buffers?.holds(bytes)) {
      const leaf = decoded.children.length === 0;
      const from = Math.max(start, child.start);
      const to = Math.min(end, child.start + (decoded.data?.byteLength ?? 0));
      if (leaf && from < to) {
        // The consumer gives the buffer back once it has written these bytes out.
        yield decoded.data!.subarray(from - child.start, to - child.start);
        continue;
      }
      // A node with links outlives the buffer (its links' CIDs are views of it): it gets a copy.
      if (!leaf) decoded = decodeFileNode(child.cid, new Uint8Array(bytes));
      buffers.giveBack(bytes);
      if (leaf) continue;
    }
    yield* readNode(blocks, decoded, child.start, start, end, buffers);
  }
}

/** A block's bytes, in a buffer of `buffers` when one is free (given back at once if the block did not land in it). */
async function readBlock(blocks: ContentBlocks, cid: CID, buffers: BlockBuffers | undefined): Promise<Uint8Array> {
  const buffer = buffers?.take();
  if (buffer === undefined) return blocks.get(cid);
  try {
    const bytes = await blocks.readInto(cid, buffer);
    if (bytes.buffer !== buffer.buffer) buffers!.giveBack(buffer);
    return bytes;
  } catch (error) {
    buffers!.giveBack(buffer);
    throw error;
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
