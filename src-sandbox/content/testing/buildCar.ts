import { CarWriter } from '@ipld/car';
import { CID } from 'multiformats/cid';
import type { ContentBlocks } from '../contentBlocks';
import { collectDag } from '../dagWalk';
import { collectBytes } from './kuboClient';

/** A block as a CAR holds it. */
export interface CarEntry {
  cid: CID;
  bytes: Uint8Array;
}

/** Every block of the DAG under `root`, read from a store's blockstore (root first). */
export async function dagBlocks(blocks: ContentBlocks, root: CID): Promise<CarEntry[]> {
  const entries: CarEntry[] = [];
  for (const key of await collectDag(blocks, root)) {
    const cid = CID.parse(key);
    entries.push({ cid, bytes: await blocks.get(cid) });
  }
  return entries;
}

/** A CARv1 of `entries` under `roots`, written with @ipld/car's CarWriter. */
export async function buildCar(roots: CID[], entries: CarEntry[]): Promise<Uint8Array> {
  const { writer, out } = CarWriter.create(roots);
  const bytes = collectBytes(out);
  for (const entry of entries) await writer.put(entry);
  await writer.close();
  return new Uint8Array(await bytes);
}

/**
 * Wraps a CARv1 as a CARv2 (pragma, fixed header, the v1 payload, then `indexBytes` standing for an index)
 * by the CARv2 layout: readers stop at the payload's end, and whatever follows must still be consumed.
 */
export function wrapAsCarV2(v1: Uint8Array, indexBytes: Uint8Array): Uint8Array {
  const pragma = Uint8Array.of(0x0a, 0xa1, 0x67, 0x76, 0x65, 0x72, 0x73, 0x69, 0x6f, 0x6e, 0x02);
  const header = new DataView(new ArrayBuffer(40));
  const dataOffset = pragma.byteLength + 40;
  header.setBigUint64(16, BigInt(dataOffset), true);
  header.setBigUint64(24, BigInt(v1.byteLength), true);
  header.setBigUint64(32, BigInt(dataOffset + v1.byteLength), true);
  return Buffer.concat([pragma, new Uint8Array(header.buffer), v1, indexBytes]);
}
