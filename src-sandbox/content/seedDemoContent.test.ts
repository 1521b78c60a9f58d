import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contentContextOf } from './createContentStore';
import { DEMO_RANDOM_BYTES, demoFiles } from './demo/demoFiles';
import { seedDemoContent, type DemoContent } from './seedDemoContent';
import { collect, collectBytes, kuboClient } from './testing/kuboClient';
import { startTestStore, type TestStore } from './testing/startTestStore';

// The demo folder's CIDs are part of the sandbox's behaviour (the app and its tests may name them), so
// the root is pinned here; a change to the demo files must be deliberate (and bump DEMO_VERSION).
const DEMO_ROOT_CID = 'QmdDsoYecH3nyvbJ5S2Ta3zd7PKPDEqYV51dMiJx6xHhte';

let dataDir: string;
let store: TestStore;
let demo: DemoContent;
let seedMs: number;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-demo-'));
  store = await startTestStore({ dataDir });
  const started = performance.now();
  demo = await seedDemoContent(store.store);
  seedMs = performance.now() - started;
}, 60_000);
afterAll(async () => {
  await store.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('seedDemoContent', () => {
  it('adds blockglass-demo/ with its files, nested folders and a stable root CID', () => {
    expect(demo.rootCid).toBe(DEMO_ROOT_CID);
    expect(demo.entries.map((entry) => `${entry.type} ${entry.path} ${entry.size}`)).toEqual([
      'file blockglass-demo/README.md 574',
      'file blockglass-demo/metadata.json 402',
      'file blockglass-demo/images/blockglass.png 12420',
      'file blockglass-demo/docs/guide/getting-started.md 185',
      'file blockglass-demo/docs/notes/changelog.txt 75',
      `file blockglass-demo/data/random-50MiB.bin ${DEMO_RANDOM_BYTES}`,
      'directory blockglass-demo/images 0',
      'directory blockglass-demo/docs/guide 0',
      'directory blockglass-demo/docs/notes 0',
      'directory blockglass-demo/docs 0',
      'directory blockglass-demo/data 0',
      'directory blockglass-demo 0',
    ]);
    console.info(`demo seeding took ${seedMs.toFixed(0)} ms`);
  });

  it('gives the same CIDs as adding the same files over HTTP', async () => {
    const files = demoFiles().map((file) => ({ path: file.path, content: file.content() }));
    const added = await collect(kuboClient(store.origin).addAll(files, { onlyHash: true }));
    expect(added.map((entry) => `${entry.path} ${entry.cid}`).sort()).toEqual(demo.entries.map((entry) => `${entry.path} ${entry.cid}`).sort());
  }, 60_000);

  it('pins the folder and serves every file', async () => {
    const ipfs = kuboClient(store.origin);
    expect(await collect(ipfs.pin.ls({ paths: [DEMO_ROOT_CID] }))).toEqual([{ cid: expect.anything() as unknown, type: 'recursive' }]);
    const readme = (await collectBytes(ipfs.cat(`${DEMO_ROOT_CID}/README.md`))).toString();
    expect(readme).toMatch(/^# Blockglass demo content\n/);
    const metadata = JSON.parse((await collectBytes(ipfs.cat(`${DEMO_ROOT_CID}/metadata.json`))).toString()) as { name: string };
    expect(metadata.name).toBe('blockglass-demo');
    const listing = await collect(ipfs.ls(`${DEMO_ROOT_CID}/data`));
    expect(listing.map(({ name, size, type }) => ({ name, size, type }))).toEqual([{ name: 'random-50MiB.bin', size: DEMO_RANDOM_BYTES, type: 'file' }]);
  });

  it('serves the large file byte for byte as its seeded generator makes it', async () => {
    const expected = crypto.createHash('sha256');
    for (const chunk of demoFiles().at(-1)!.content()) expected.update(chunk);
    const served = crypto.createHash('sha256');
    for await (const chunk of kuboClient(store.origin).cat(`${DEMO_ROOT_CID}/data/random-50MiB.bin`)) served.update(chunk);
    expect(served.digest('hex')).toBe(expected.digest('hex'));
  }, 60_000);

  it('makes a valid PNG (signature, chunk CRCs, 64x64 RGB image data)', async () => {
    const png = await collectBytes(kuboClient(store.origin).cat(`${DEMO_ROOT_CID}/images/blockglass.png`));
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const chunks: { type: string; data: Buffer }[] = [];
    for (let offset = 8; offset < png.length; ) {
      const length = png.readUInt32BE(offset);
      const type = png.subarray(offset + 4, offset + 8).toString('latin1');
      const data = png.subarray(offset + 8, offset + 8 + length);
      // Node's own zlib CRC-32 checks the hand-written one.
      expect(png.readUInt32BE(offset + 8 + length)).toBe(zlib.crc32(png.subarray(offset + 4, offset + 8 + length)));
      chunks.push({ type, data });
      offset += 12 + length;
    }
    expect(chunks.map((chunk) => chunk.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    const header = chunks[0]!.data;
    expect([header.readUInt32BE(0), header.readUInt32BE(4), header[8], header[9]]).toEqual([64, 64, 8, 2]);
    expect(zlib.inflateSync(chunks[1]!.data).byteLength).toBe(64 * (1 + 64 * 3));
  });

  it('is idempotent and imports nothing the second time, also after a restart: it only checks its record', async () => {
    const marker = path.join(dataDir, 'content', 'demo.json');
    const recorded = fs.statSync(marker).ino; // rewritten by rename, so a new record is a new file
    const puts = vi.spyOn(contentContextOf(store.store).blocks, 'put');
    expect(await seedDemoContent(store.store)).toEqual(demo);
    expect(puts).not.toHaveBeenCalled();
    await store.close();
    store = await startTestStore({ dataDir });
    const putsAfterRestart = vi.spyOn(contentContextOf(store.store).blocks, 'put');
    expect(await seedDemoContent(store.store)).toEqual(demo);
    expect(putsAfterRestart).not.toHaveBeenCalled();
    expect(fs.statSync(marker).ino).toBe(recorded);
  });
});
