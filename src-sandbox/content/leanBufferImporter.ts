import * as dagPb from '@ipld/dag-pb';
import { UnixFS } from 'ipfs-unixfs';
import type { BufferImporter } from 'ipfs-unixfs-importer';
import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import { sha256 } from 'multiformats/hashes/sha2';
import { createGcPacer } from './gcPacer';

/** A full collection after every 32 MiB imported keeps an upload's memory flat (see gcPacer.ts). */
const GC_EVERY_BYTES = 32 * 1024 * 1024;

/** How leaves are encoded: what the importer's own buffer importer takes from its options. */
export interface LeafOptions {
  cidVersion: 0 | 1;
  rawLeaves: boolean;
  /** UnixFS type of non-raw leaves ('raw' only for Kubo's trickle layout). */
  leafType: 'file' | 'raw';
}

/**
 * The importer's leaf step, encoding exactly as its default one (same blocks, same CIDs), with one
 * difference: the result describes a UnixFS leaf by its size instead of carrying the chunk. The importer
 * keeps every leaf's result until their parent is built (up to 174 of them), so the default kept ~45 MB of
 * chunk bytes alive per file being added; the parent only needs each leaf's size (`fileSize()` of a
 * data-less node is the sum of its blocksizes, which is what the reducer reads then).
 */
export function leanBufferImporter(options: LeafOptions): BufferImporter {
  return async function* importLeaves(file, blockstore) {
    const pace = createGcPacer(GC_EVERY_BYTES);
    for await (const chunk of file.content) {
      pace(chunk.byteLength);
      yield async () => {
        if (options.rawLeaves) {
          const cid = CID.createV1(raw.code, await sha256.digest(chunk));
          await blockstore.put(cid, chunk);
          return { cid, size: BigInt(chunk.byteLength), block: chunk };
        }
        const block = dagPb.encode({ Data: new UnixFS({ type: options.leafType, data: chunk }).marshal(), Links: [] });
        const digest = await sha256.digest(block);
        const cid = options.cidVersion === 0 ? CID.createV0(digest) : CID.createV1(dagPb.code, digest);
        await blockstore.put(cid, block);
        const sizeOnly = new UnixFS({ type: 'file', blockSizes: [BigInt(chunk.byteLength)] });
        return { cid, size: BigInt(block.byteLength), unixfs: sizeOnly, block };
      };
    }
  };
}
