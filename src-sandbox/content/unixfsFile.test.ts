import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { importer, type ImporterOptions } from 'ipfs-unixfs-importer';
import { fixedSize } from 'ipfs-unixfs-importer/chunker';
import { balanced, trickle } from 'ipfs-unixfs-importer/layout';
import type { CID } from 'multiformats/cid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openContentBlocks, type ContentBlocks } from './contentBlocks';
import { BlockBuffers, openUnixfsFile } from './unixfsFile';

// The pull-based reader behind `cat`, on DAGs made deep and irregular on purpose (tiny chunks, few links).

let folder: string;
let blocks: ContentBlocks;
const content = Uint8Array.from({ length: 20_000 }, (_, index) => (index * 31 + (index >> 8)) % 256);

beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-unixfs-'));
  blocks = await openContentBlocks(folder);
});
afterAll(async () => {
  await blocks.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

async function importWith(options: ImporterOptions): Promise<CID> {
  let root: CID | undefined;
  for await (const entry of importer([{ content }], blocks.blockstore, { cidVersion: 0, rawLeaves: false, ...options })) root = entry.cid;
  return root!;
}

async function readAll(source: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const part of source) parts.push(part);
  return Buffer.concat(parts);
}

const layouts: [string, ImporterOptions][] = [
  ['balanced, 3 links, 97-byte UnixFS leaves', { chunker: fixedSize({ chunkSize: 97 }), layout: balanced({ maxChildrenPerNode: 3 }) }],
  ['balanced, 5 links, raw leaves', { chunker: fixedSize({ chunkSize: 250 }), layout: balanced({ maxChildrenPerNode: 5 }), rawLeaves: true, cidVersion: 1 }],
  ['trickle, 4 links', { chunker: fixedSize({ chunkSize: 128 }), layout: trickle({ maxChildrenPerNode: 4, layerRepeat: 2 }), reduceSingleLeafToSelf: false, leafType: 'raw' }],
];

describe.each(layouts)('reading a file built %s', (_name, options) => {
  let root: CID;
  beforeAll(async () => {
    root = await importWith(options);
  });

  it('reads the whole file back', async () => {
    const file = await openUnixfsFile(blocks, root);
    expect(file.size).toBe(content.byteLength);
    expect(Buffer.compare(await readAll(file.read(0, file.size)), Buffer.from(content))).toBe(0);
  });

  it('reads exactly into recycled buffers, each given back as soon as its bytes are copied', async () => {
    const file = await openUnixfsFile(blocks, root);
    // Two buffers that every block fits: interior nodes land in them too, and must not keep pointing there.
    const buffers = new BlockBuffers(2, 1024);
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: 21_000 }), fc.nat({ max: 21_000 }), async (offset, length) => {
        const parts: Buffer[] = [];
        for await (const chunk of file.read(offset, length, buffers)) {
          parts.push(Buffer.from(chunk));
          buffers.giveBack(chunk);
        }
        expect(Buffer.compare(Buffer.concat(parts), Buffer.from(content.subarray(offset, offset + length)))).toBe(0);
      }),
      { numRuns: 30 },
    );
  });

  it('reads exactly when the buffers are too small or all lent', async () => {
    const file = await openUnixfsFile(blocks, root);
    // Too small: every block is read into a buffer of its own.
    expect(Buffer.compare(await readAll(file.read(0, file.size, new BlockBuffers(2, 16))), Buffer.from(content))).toBe(0);
    // Never given back: the first blocks keep theirs, the rest get their own.
    expect(Buffer.compare(await readAll(file.read(0, file.size, new BlockBuffers(3, 1024))), Buffer.from(content))).toBe(0);
  });

  it('reads any range exactly', async () => {
    const file = await openUnixfsFile(blocks, root);
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: 21_000 }), fc.nat({ max: 21_000 }), async (offset, length) => {
        const got = await readAll(file.read(offset, length));
        expect(Buffer.compare(got, Buffer.from(content.subarray(offset, offset + length)))).toBe(0);
      }),
      { numRuns: 60 },
    );
  });
});

describe('back-pressure', () => {
  it('fetches blocks only as the consumer pulls (plus a fixed read-ahead)', async () => {
    const root = await importWith(layouts[0]![1]);
    let fetched = 0;
    let fetching = 0;
    const counting: ContentBlocks = {
      ...blocks,
      get: async (cid) => {
        fetched += 1;
        fetching += 1;
        try {
          return await blocks.get(cid);
        } finally {
          fetching -= 1;
        }
      },
    };
    const file = await openUnixfsFile(counting, root);
    const reader = file.read(0, file.size);
    for (let pulled = 1; pulled <= 30; pulled += 1) {
      await reader.next();
      // Let the read-ahead run until no fetch is under way, then count.
      await expect.poll(() => fetching).toBe(0);
      // Each pulled leaf may have started READ_AHEAD (4) siblings, per level of a tree this deep (~8).
      expect(fetched).toBeLessThanOrEqual(pulled + 4 * 9);
    }
    await reader.return(undefined);
    expect(fetched).toBeLessThan(100); // the file has 207 leaves
  });
});
