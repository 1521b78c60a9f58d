import * as dagPb from '@ipld/dag-pb';
import { UnixFS } from 'ipfs-unixfs';
import { importer } from 'ipfs-unixfs-importer';
import type { CID } from 'multiformats/cid';
import type { ContentBlocks } from '../contentBlocks';
import { kuboImporterOptions } from '../kuboImporterOptions';

/**
 * Stores a folder of `count` small files as a HAMT-sharded directory (threshold 0, as Kubo's sharness tests
 * force it; over HTTP only a folder past 256 KiB of names would shard). Returns its CID and the files, as
 * `[name, content]` in name order.
 */
export async function addShardedFolder(blocks: ContentBlocks, count: number): Promise<{ cid: CID; files: [string, string][] }> {
  const files = Array.from({ length: count }, (_, index): [string, string] => [`file-${String(index).padStart(3, '0')}.txt`, `content of file ${index}\n`]);
  const options = kuboImporterOptions({ cidVersion: 0, rawLeaves: undefined, chunker: 'default', trickle: false, hash: 'sha2-256', wrapWithDirectory: false, shardThresholdBytes: 0 });
  const candidates = files.map(([name, content]) => ({ path: `sharded/${name}`, content: new TextEncoder().encode(content) }));
  let root: CID | undefined;
  for await (const entry of importer(candidates, { put: async (cid: CID, bytes: Uint8Array) => (await blocks.put(cid, bytes), cid) }, options)) root = entry.cid;
  const node = dagPb.decode(await blocks.get(root!));
  if (UnixFS.unmarshal(node.Data!).type !== 'hamt-sharded-directory') throw new Error('the folder did not shard');
  return { cid: root!, files };
}
