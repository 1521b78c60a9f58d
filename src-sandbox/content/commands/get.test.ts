import type http from 'node:http';
import { gunzipSync } from 'node:zlib';
import type { CID } from 'multiformats/cid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentContextOf } from '../createContentStore';
import { addShardedFolder } from '../testing/addShardedFolder';
import { collect, collectBytes, kuboClient } from '../testing/kuboClient';
import { rawHttp } from '../testing/rawHttp';
import { startTestStore, TEST_AUTHORIZATION, type TestStore } from '../testing/startTestStore';
import { untar } from '../testing/untar';

let store: TestStore;
let ipfs: ReturnType<typeof kuboClient>;
let root: CID;
let rootSize: number;
const BIG = Buffer.from(Uint8Array.from({ length: 700_000 }, (_, index) => (index * 7) % 251));
const FILES: [string, Buffer][] = [
  ['a.txt', Buffer.from('A\n')],
  ['empty.txt', Buffer.alloc(0)],
  ['sub/big.bin', BIG],
  ['sub/deeper/c.txt', Buffer.from('C\n')],
];

beforeAll(async () => {
  store = await startTestStore();
  ipfs = kuboClient(store.origin);
  const added = await collect(ipfs.addAll([...FILES.map(([path, content]) => ({ path: `folder/${path}`, content })), { path: 'folder/nothing' }]));
  root = added.at(-1)!.cid;
  rootSize = added.at(-1)!.size;
});
afterAll(() => store.close());

const api = (path: string) => fetch(`${store.origin}/api/v0/${path}`, { method: 'POST', headers: { authorization: TEST_AUTHORIZATION } });
const errorOf = async (response: Response) => [response.status, ((await response.json()) as { Message: string }).Message];

describe('get', () => {
  // Names as boxo's TarWriter writes them: no trailing slash on directories.
  it('gives a folder as a tar archive that extracts to the same names and bytes', async () => {
    const entries = await untar(ipfs.get(root));
    expect(entries.map(({ name, type }) => [name, type])).toEqual([
      [`${root}`, 'directory'],
      [`${root}/a.txt`, 'file'],
      [`${root}/empty.txt`, 'file'],
      [`${root}/nothing`, 'directory'],
      [`${root}/sub`, 'directory'],
      [`${root}/sub/big.bin`, 'file'],
      [`${root}/sub/deeper`, 'directory'],
      [`${root}/sub/deeper/c.txt`, 'file'],
    ]);
    for (const [path, content] of FILES) expect(entries.find((entry) => entry.name === `${root}/${path}`)?.content.equals(content)).toBe(true);
    expect(entries.find((entry) => entry.name === `${root}/a.txt`)?.mode).toBe(0o644);
    expect(entries[0]!.mode).toBe(0o777);
  });

  it('names the entries after the path\'s last segment, and gives a single file as a one-entry tar', async () => {
    const sub = await untar(ipfs.get(`/ipfs/${root}/sub/`));
    expect(sub.map((entry) => entry.name)).toEqual(['sub', 'sub/big.bin', 'sub/deeper', 'sub/deeper/c.txt']);
    const file = await untar(ipfs.get(`${root}/sub/big.bin`));
    expect(file.map(({ name, size }) => [name, size])).toEqual([['big.bin', BIG.byteLength]]);
    expect(file[0]!.content.equals(BIG)).toBe(true);
    const { cid } = await ipfs.add('alone\n');
    expect((await untar(ipfs.get(cid))).map(({ name, content }) => [name, content.toString()])).toEqual([[cid.toString(), 'alone\n']]);
  });

  it('answers as Kubo: a byte stream whose X-Content-Length is the root\'s size', async () => {
    const file = await api(`get?arg=${root}/sub/big.bin`);
    expect(file.headers.get('x-stream-output')).toBe('1');
    expect(file.headers.get('content-type')).toBe('text/plain');
    expect(file.headers.get('x-content-length')).toBe(String(BIG.byteLength));
    await file.arrayBuffer();
    // A folder's: its cumulative DAG size, which `add` reported as its Size.
    const folder = await api(`get?arg=${root}`);
    expect(folder.headers.get('x-content-length')).toBe(String(rootSize));
    await folder.arrayBuffer();
  });

  it('walks HAMT-sharded folders and writes symlinks', async () => {
    const { cid, files } = await addShardedFolder(contentContextOf(store.store).blocks, 30);
    const entries = await untar(ipfs.get(cid));
    expect(entries.slice(1).map((entry) => entry.name).sort()).toEqual(files.map(([name]) => `${cid}/${name}`));
    for (const [name, content] of files) expect(entries.find((entry) => entry.name === `${cid}/${name}`)?.content.toString()).toBe(content);

    const form = new FormData();
    form.append('file', new Blob([], { type: 'application/x-directory' }), 'links');
    form.append('file', new Blob(['target.txt'], { type: 'application/symlink' }), encodeURIComponent('links/pointer'));
    const lines = (await (await fetch(`${store.origin}/api/v0/add`, { method: 'POST', headers: { authorization: TEST_AUTHORIZATION }, body: form })).text()).trim().split('\n');
    const linksRoot = (JSON.parse(lines.at(-1)!) as { Hash: string }).Hash;
    const withLink = await untar(ipfs.get(linksRoot));
    expect(withLink.map(({ name, type, linkname }) => [name, type, linkname])).toEqual([
      [linksRoot, 'directory', null],
      [`${linksRoot}/pointer`, 'symlink', 'target.txt'],
    ]);
  });

  it('gzips with compress: a tar with archive, the file itself without', async () => {
    const plain = await api(`get?arg=${root}/sub/big.bin&compress=true`);
    expect(gunzipSync(Buffer.from(await plain.arrayBuffer())).equals(BIG)).toBe(true);
    const archived = await collectBytes(ipfs.get(root, { archive: true, compress: true, compressionLevel: 9 }));
    const entries = await untar([gunzipSync(archived)]);
    expect(entries.find((entry) => entry.name === `${root}/sub/deeper/c.txt`)?.content.toString()).toBe('C\n');
    expect(await errorOf(await api(`get?arg=${root}&compress=true`))).toEqual([500, 'file is not regular']);
    expect(await errorOf(await api(`get?arg=${root}&compress=true&compression-level=12`))).toEqual([500, 'compression level must be between 1 and 9']);
  });

  it('fails unknown CIDs, non-UnixFS nodes and bad arguments before any output', async () => {
    const absent = 'QmUNLLsPACCz1vLxQVkXqqLX5R1X345qqfHbsf67hvA3Nm';
    expect(await errorOf(await api(`get?arg=${absent}`))).toEqual([500, `block was not found locally (offline): ipld: could not find ${absent}`]);
    expect(await errorOf(await api(`get?arg=${root}/nope`))).toEqual([500, `no link named "nope" under ${root}`]);
    const node = await ipfs.dag.put({ not: 'unixfs' });
    await expect(collect(ipfs.get(node))).rejects.toThrow('unknown node type');
    const missing = await api('get');
    expect([missing.status, await missing.text()]).toEqual([400, 'argument "ipfs-path" is required\n']);
    const twice = await api(`get?arg=${root}&arg=${root}`);
    expect([twice.status, await twice.text()]).toEqual([400, 'expected 1 argument(s), got 2\n']);
  });

  it('breaks the stream with X-Stream-Error when a block is missing after output began', async () => {
    const added = await collect(ipfs.addAll([{ path: 'broken/a.txt', content: 'first\n' }, { path: 'broken/b.txt', content: 'gone\n' }]));
    const brokenRoot = added.at(-1)!.cid;
    await contentContextOf(store.store).blocks.blockstore.delete(added[1]!.cid);
    await expect(untar(ipfs.get(brokenRoot))).rejects.toThrow();
    const raw = await rawHttp(store.origin, `POST /api/v0/get?arg=${brokenRoot} HTTP/1.1\r\nHost: x\r\nAuthorization: ${TEST_AUTHORIZATION}\r\nContent-Length: 0\r\n\r\n`);
    expect(raw).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(raw).toContain(`X-Stream-Error: block was not found locally (offline): ipld: could not find ${added[1]!.cid}`);
  });

  it('stops reading blocks when the client goes away, and keeps serving', async () => {
    const size = 24 * 1024 * 1024; // 96 leaves: far more than socket buffers hold
    const { cid } = await ipfs.add(Buffer.alloc(size, 3));
    const blocks = contentContextOf(store.store).blocks;
    const read = blocks.get;
    let reads = 0;
    let reading = 0;
    blocks.get = async (block) => {
      reads += 1;
      reading += 1;
      try {
        return await read(block);
      } finally {
        reading -= 1;
      }
    };
    let gone = false;
    store.server.once('request', (_request, answer: http.ServerResponse) => answer.once('close', () => (gone = true)));
    try {
      const controller = new AbortController();
      const response = await fetch(`${store.origin}/api/v0/get?arg=${cid}`, { method: 'POST', headers: { authorization: TEST_AUTHORIZATION }, signal: controller.signal });
      const reader = response.body!.getReader();
      await reader.read();
      controller.abort();
      await expect(reader.read()).rejects.toThrow();
      // The server has seen the client go away, and the block reads under way then have ended.
      await expect.poll(() => gone && reading === 0).toBe(true);
      const afterAbort = reads;
      // Nothing to await while nothing is meant to happen: a reader that went on would read a block every few ms.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(reads).toBe(afterAbort);
      expect(reads).toBeLessThan(size / 262_144);
    } finally {
      blocks.get = read;
    }
    expect((await untar(ipfs.get(`${root}/a.txt`)))[0]!.content.toString()).toBe('A\n');
  });
});
