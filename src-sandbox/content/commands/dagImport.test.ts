import * as dagCbor from '@ipld/dag-cbor';
import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import { sha256 } from 'multiformats/hashes/sha2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentContextOf } from '../createContentStore';
import { buildCar, dagBlocks, wrapAsCarV2, type CarEntry } from '../testing/buildCar';
import { collect, collectBytes, kuboClient } from '../testing/kuboClient';
import { startTestStore, TEST_AUTHORIZATION, type TestStore } from '../testing/startTestStore';

// Folders are added on a second store, exported from it as CARs and imported here, so the importing store
// never had their blocks.

let store: TestStore;
let source: TestStore;
let ipfs: ReturnType<typeof kuboClient>;

beforeAll(async () => {
  [store, source] = await Promise.all([startTestStore(), startTestStore()]);
  ipfs = kuboClient(store.origin);
});
afterAll(() => Promise.all([store.close(), source.close()]));

const FILES: [string, string][] = [
  ['album/readme.txt', 'imported from a CAR\n'],
  ['album/photos/one.bin', 'x'.repeat(300_000)],
  ['album/photos/two.txt', 'two\n'],
];

/** A folder added on the source store, its root and its blocks. */
async function exportedFolder(files: [string, string][]): Promise<{ root: CID; entries: CarEntry[] }> {
  const added = await collect(kuboClient(source.origin).addAll(files.map(([path, content]) => ({ path, content }))));
  const root = added.at(-1)!.cid;
  return { root, entries: await dagBlocks(contentContextOf(source.store).blocks, root) };
}

/** Posts CARs (one multipart part each) to dag/import; returns the status and the answer's lines. */
async function importCars(query: string, ...cars: Uint8Array[]): Promise<{ status: number; lines: Record<string, unknown>[] }> {
  const form = new FormData();
  for (const car of cars) form.append('file', new Blob([car]), 'import.car');
  const response = await fetch(`${store.origin}/api/v0/dag/import?${query}`, { method: 'POST', headers: { authorization: TEST_AUTHORIZATION }, body: form });
  const text = await response.text();
  return { status: response.status, lines: text.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>) };
}

const rawBlock = async (bytes: Uint8Array): Promise<CarEntry> => ({ cid: CID.createV1(raw.code, await sha256.digest(bytes)), bytes });

describe('dag/import', () => {
  it('imports a folder from a CAR, pins its root, and cats its files back', async () => {
    const { root, entries } = await exportedFolder(FILES);
    await expect(ipfs.block.stat(root)).rejects.toThrow('could not find');
    const results = await collect(ipfs.dag.import([await buildCar([root], entries)]));
    expect(results).toEqual([{ root: { cid: root, pinErrorMsg: '' } }]);
    for (const [path, content] of FILES) {
      expect((await collectBytes(ipfs.cat(`${root}/${path.slice('album/'.length)}`))).toString()).toBe(content);
    }
    expect(await collect(ipfs.pin.ls({ paths: [root] }))).toEqual([{ cid: root, type: 'recursive' }]);
  });

  it('reports stats, and neither pins nor lists roots with pin-roots=false', async () => {
    const { root, entries } = await exportedFolder([['stats/a.txt', 'a\n'], ['stats/b.txt', 'b\n']]);
    const answer = await importCars('pin-roots=false&stats=true', await buildCar([root], entries));
    const bytes = entries.reduce((sum, entry) => sum + entry.bytes.byteLength, 0);
    expect(answer).toEqual({ status: 200, lines: [{ Stats: { BlockCount: entries.length, BlockBytesCount: bytes } }] });
    expect(await ipfs.block.stat(root)).toMatchObject({ cid: root });
    await expect(collect(ipfs.pin.ls({ paths: [root] }))).rejects.toThrow('is not pinned');
  });

  it('takes several CARs, CARv2 among them, and pins roots whose DAG is whole', async () => {
    const first = await exportedFolder([['several/one.txt', '1\n']]);
    const second = await exportedFolder([['several/two.txt', '2\n'], ['several/three.txt', '3\n']]);
    const partial = await exportedFolder([['partial/kept.txt', 'kept\n'], ['partial/lost.txt', 'lost\n']]);
    const lostCid = (await kuboClient(source.origin).add('lost\n', { onlyHash: true })).cid;
    const lost = partial.entries.find((entry) => entry.cid.equals(lostCid))!;
    const v2 = wrapAsCarV2(await buildCar([second.root], second.entries), new Uint8Array(4096).fill(1));
    const withoutLeaf = await buildCar([partial.root], partial.entries.filter((entry) => entry !== lost));
    const answer = await importCars('stats=true', await buildCar([first.root], first.entries), v2, withoutLeaf);
    expect(answer.status).toBe(200);
    expect(answer.lines).toEqual([
      { Root: { Cid: { '/': first.root.toString() }, PinErrorMsg: '' } },
      { Root: { Cid: { '/': second.root.toString() }, PinErrorMsg: '' } },
      { Root: { Cid: { '/': partial.root.toString() }, PinErrorMsg: `block was not found locally (offline): ipld: could not find ${lost.cid}` } },
      { Stats: { BlockCount: first.entries.length + second.entries.length + partial.entries.length - 1, BlockBytesCount: expect.any(Number) as unknown } },
    ]);
    expect((await collectBytes(ipfs.cat(`${second.root}/three.txt`))).toString()).toBe('3\n');
  });

  it('pins a dag-cbor root through its links, so the folder it names is pinned indirectly', async () => {
    const { root: folder, entries } = await exportedFolder([['linked/file.txt', 'linked\n']]);
    const node = dagCbor.encode({ folder, note: 'a dag-cbor root' });
    const cborRoot: CarEntry = { cid: CID.createV1(dagCbor.code, await sha256.digest(node)), bytes: node };
    expect(await collect(ipfs.dag.import([await buildCar([cborRoot.cid], [cborRoot, ...entries])]))).toEqual([{ root: { cid: cborRoot.cid, pinErrorMsg: '' } }]);
    expect(await collect(ipfs.pin.ls({ paths: [folder] }))).toEqual([{ cid: folder, type: `indirect through ${cborRoot.cid}` }]);
  });

  it('refuses a corrupt CAR with go-car\'s integrity error, storing nothing after it', async () => {
    const first = await rawBlock(new TextEncoder().encode('good block\n'));
    const second = await rawBlock(new TextEncoder().encode('block to corrupt\n'));
    const car = await buildCar([second.cid], [first, second]);
    car[car.byteLength - 1] = car[car.byteLength - 1]! ^ 0xff; // the last byte of the second block
    const corrupted = CID.createV1(raw.code, await sha256.digest(Uint8Array.from(second.bytes, (byte, index) => (index === second.bytes.byteLength - 1 ? byte ^ 0xff : byte))));
    const answer = await importCars('', car);
    expect(answer).toEqual({
      status: 500,
      lines: [{ Message: `import failed after block "${first.cid}": mismatch in content integrity, expected: ${second.cid}, got: ${corrupted}`, Code: 0, Type: 'error' }],
    });
    await expect(ipfs.block.stat(second.cid)).rejects.toThrow('could not find');
    await expect(collect(ipfs.pin.ls({ paths: [second.cid] }))).rejects.toThrow('is not pinned');
  });

  it('refuses blocks over 1 MiB, codecs it cannot decode and sections too big to read', async () => {
    const big = await rawBlock(new Uint8Array(1024 * 1024 + 1));
    const message = async (...cars: Uint8Array[]) => ((await importCars('', ...cars)).lines[0] as { Message: string }).Message;
    expect(await message(await buildCar([big.cid], [big]))).toMatch(new RegExp(`^import failed at block "${big.cid}": produced block is over 1MiB`));
    const cbor = Uint8Array.of(0xa0);
    const plainCbor: CarEntry = { cid: CID.createV1(0x51, await sha256.digest(cbor)), bytes: cbor };
    expect(await message(await buildCar([], [plainCbor]))).toBe(`import failed at block "${plainCbor.cid}": no decoder registered for multicodec code 81 (0x51)`);
    // A section claiming 100 MiB is refused once 8 MiB of it were read, never buffered whole.
    const header = await buildCar([], []);
    const claim = Uint8Array.of(0x80, 0x80, 0x80, 0x32); // the varint of 100 MiB (0x32 << 21)
    const section = Buffer.concat([claim, big.cid.bytes, new Uint8Array(9 * 1024 * 1024)]);
    expect(await message(Buffer.concat([header, section]))).toBe('import failed: invalid section data, length of read beyond allowable maximum');
  });

  it('refuses what is not a CAR, or is cut short, with the reader\'s error', async () => {
    const message = async (body: Uint8Array) => {
      const answer = await importCars('', body);
      expect(answer.status).toBe(500);
      return (answer.lines[0] as { Message: string }).Message;
    };
    expect(await message(new TextEncoder().encode('not a car at all'))).toBe('invalid CAR header: Unexpected end of data');
    expect(await message(Uint8Array.of(0x02, 0xa0, 0x00))).toMatch(/^invalid CAR header: CBOR decode error/);
    expect(await message(new Uint8Array())).toBe('invalid CAR header: Unexpected end of data');
    const block = await rawBlock(new TextEncoder().encode('cut short\n'));
    const car = await buildCar([block.cid], [block]);
    expect(await message(car.subarray(0, car.byteLength - 3))).toBe('import failed: Unexpected end of data');
    const response = await fetch(`${store.origin}/api/v0/dag/import`, { method: 'POST', headers: { authorization: TEST_AUTHORIZATION } });
    expect([response.status, await response.text()]).toEqual([400, "file argument 'path' is required\n"]);
  });
});
