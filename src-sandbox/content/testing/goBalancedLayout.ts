import * as dagPb from '@ipld/dag-pb';
import { UnixFS } from 'ipfs-unixfs';
import { CID } from 'multiformats/cid';
import { sha256 } from 'multiformats/hashes/sha2';

/** A built node: what its parent's link needs. */
interface Built {
  cid: CID;
  /** Cumulative DAG size (a link's Tsize). */
  tsize: number;
  /** File bytes below it (a UnixFS blocksize). */
  fileSize: number;
}

/**
 * Root CID of a file as Kubo's balanced layout builds it (CIDv0, UnixFS leaves), written from Go's
 * algorithm (`ipfs/boxo` importer/balanced: grow the root one level at a time, filling each new level
 * depth-first up to 174 links) rather than with the importer, so tests can check the importer's
 * level-by-level batching against it on DAGs deeper than one level.
 */
export async function goBalancedRoot(chunks: Uint8Array[], maxLinks = 174): Promise<Built> {
  let next = 0;
  const leaf = () => encode({ Data: new UnixFS({ type: 'file', data: chunks[next++]! }).marshal(), Links: [] }, chunks[next - 1]!.byteLength);
  let root = await leaf();
  for (let depth = 1; next < chunks.length; depth += 1) {
    const children: Built[] = [root];
    await fill(children, depth);
    root = await internal(children);
  }
  return root;

  async function fill(children: Built[], depth: number): Promise<void> {
    while (children.length < maxLinks && next < chunks.length) {
      if (depth === 1) {
        children.push(await leaf());
      } else {
        const grandchildren: Built[] = [];
        await fill(grandchildren, depth - 1);
        children.push(await internal(grandchildren));
      }
    }
  }
}

async function internal(children: Built[]): Promise<Built> {
  const unixfs = new UnixFS({ type: 'file' });
  for (const child of children) unixfs.addBlockSize(BigInt(child.fileSize));
  const node = { Data: unixfs.marshal(), Links: children.map((child) => ({ Name: '', Hash: child.cid, Tsize: child.tsize })) };
  return encode(node, children.reduce((sum, child) => sum + child.fileSize, 0));
}

async function encode(node: dagPb.PBNode, fileSize: number): Promise<Built> {
  const block = dagPb.encode(node);
  const cid = CID.createV0(await sha256.digest(block));
  const tsize = block.byteLength + node.Links.reduce((sum, link) => sum + (link.Tsize ?? 0), 0);
  return { cid, tsize, fileSize };
}
