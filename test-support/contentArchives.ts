import { CarWriter } from '@ipld/car';
import { importer, type ImportCandidate } from 'ipfs-unixfs-importer';
import type { CID } from 'multiformats/cid';
import { extract } from 'tar-stream';

/** The files in a tar archive, by name (folders left out). */
export async function untar(archive: Uint8Array): Promise<Record<string, Buffer>> {
  const files: Record<string, Buffer> = {};
  const reader = extract();
  const done = new Promise<void>((resolve, reject) => {
    reader.on('entry', (header, stream, next) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: unknown) => chunks.push(chunk as Buffer));
      stream.on('end', () => {
        if (header.type === 'file') files[header.name] = Buffer.concat(chunks);
        next();
      });
    });
    reader.on('finish', resolve);
    reader.on('error', reject);
  });
  reader.end(archive);
  await done;
  return files;
}

/** A CARv1 of files made here (CIDv1, raw leaves; its blocks never in any store), and its root. */
export async function carOf(files: ImportCandidate[]): Promise<{ car: Buffer; root: string }> {
  const blocks: { cid: CID; bytes: Uint8Array }[] = [];
  let root: CID | undefined;
  const memory = { put: async (cid: CID, bytes: Uint8Array) => (blocks.push({ cid, bytes }), cid) };
  for await (const item of importer(files, memory as never, { cidVersion: 1, rawLeaves: true })) root = item.cid;
  if (!root) throw new Error('no files to put in a CAR');
  const { writer, out } = CarWriter.create([root]);
  const parts: Uint8Array[] = [];
  const collecting = (async () => {
    for await (const part of out) parts.push(part);
  })();
  for (const block of blocks) await writer.put(block);
  await writer.close();
  await collecting;
  return { car: Buffer.concat(parts), root: root.toString() };
}
