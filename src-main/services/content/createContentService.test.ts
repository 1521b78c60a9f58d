import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CID } from 'multiformats/cid';
import { afterAll, describe, expect, it } from 'vitest';
import { carOf, untar } from '../../../test-support/contentArchives';
import { basicAuthorization } from '../secrets/basicAuthorization';
import { sharedSandbox } from '../rpc/testing/sharedSandbox';
import { ContentError } from './contentErrors';
import { contentServiceFor, saveAll, storeNetwork, uploadThrough } from './testing/contentFixture';
import { kubo } from './testing/officialClient';

// The content service against the shared sandbox's real content store (Kubo's RPC), every figure checked
// against the official client (kubo-rpc-client) or the bytes that went in.

const sandbox = sharedSandbox();
const auth = basicAuthorization(sandbox.info.key, sandbox.info.secret);
const storageUrl = sandbox.info.storageUrl;
const demo = sandbox.demoContent;
const saveDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-saves-'));
let saveName = 'saved.bin';
const fixture = contentServiceFor(
  {
    local: storeNetwork('local', storageUrl, auth),
    wrongkey: storeNetwork('wrongkey', storageUrl, basicAuthorization(sandbox.info.key, 'not-the-secret-000000000000000')),
    nostore: storeNetwork('nostore', null, undefined),
    closed: storeNetwork('closed', 'http://127.0.0.1:9', auth),
  },
  () => path.join(saveDir, saveName),
);
const content = fixture.service;
const ipfs = kubo(storageUrl, auth);
afterAll(() => {
  fixture.close();
  fs.rmSync(saveDir, { recursive: true, force: true });
});

const entry = (relative: string) => demo.entries.find((candidate) => candidate.path === `blockglass-demo/${relative}`)!;
const sha = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');
async function catAll(cid: string): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const part of ipfs.cat(cid)) parts.push(part);
  return Buffer.concat(parts);
}
async function failure(promise: Promise<unknown>): Promise<ContentError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ContentError);
  return error as ContentError;
}

describe('resolve', () => {
  it('reads the demo folder with object/get: a pinned folder whose links are its entries', async () => {
    const node = await content.resolve('local', demo.rootCid, []);
    const top = demo.entries.filter((candidate) => candidate.path.split('/').length === 2);
    expect(node).toMatchObject({ cid: demo.rootCid, kind: 'directory', codec: 'dag-pb', readWith: 'object/get', pin: 'recursive', linkCount: top.length });
  });

  it('resolves a path to the file the store lists there, with its size, pinned through its folder', async () => {
    const readme = entry('README.md');
    const node = await content.resolve('local', demo.rootCid, ['README.md']);
    expect(node).toMatchObject({ cid: readme.cid, kind: 'file', size: readme.size, pin: 'indirect' });
    const big = entry('data/random-50MiB.bin');
    expect(await content.resolve('local', demo.rootCid, ['data', 'random-50MiB.bin'])).toMatchObject({ cid: big.cid, kind: 'file', size: big.size });
  });

  it('says plainly what is wrong: a missing name, content the store lacks, a refused key, no store', async () => {
    expect((await failure(content.resolve('local', demo.rootCid, ['no-such-file']))).code).toBe('NOT_FOUND');
    // A valid CID of bytes nobody added.
    const absent = CID.parse('bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy').toString();
    const missing = await failure(content.resolve('local', absent, []));
    expect(missing.code).toBe('NOT_FOUND');
    expect(missing.shortMessage).toBe('The content store does not have this content.');
    const refused = await failure(content.resolve('wrongkey', demo.rootCid, []));
    expect(refused.code).toBe('UNAUTHORIZED');
    expect((await failure(content.resolve('nostore', demo.rootCid, []))).code).toBe('NO_STORE');
    expect((await failure(content.resolve('closed', demo.rootCid, []))).code).toBe('UNREACHABLE');
  });
});

describe('list', () => {
  it("streams a folder's entries as ls names them", async () => {
    const events: Parameters<Parameters<typeof content.list>[2]>[0][] = [];
    await content.list('local', demo.rootCid, (event) => events.push(event), new AbortController().signal);
    const entries = events.flatMap((event) => (event.kind === 'entries' ? event.entries : []));
    const listed = await (async () => {
      const all = [];
      for await (const item of ipfs.ls(demo.rootCid)) all.push(item);
      return all;
    })();
    expect(entries.map((item) => [item.name, item.cid, item.type, item.size])).toEqual(listed.map((item) => [item.name, item.cid.toString(), item.type === 'dir' ? 'directory' : item.type, item.size]));
    expect(events.at(-1)).toEqual({ kind: 'done', total: listed.length });
  });
});

describe('preview', () => {
  it('reads Markdown, JSON, an image and binary as what they are', async () => {
    const readme = await content.preview('local', demo.rootCid, ['README.md']);
    expect(readme).toMatchObject({ kind: 'markdown', encoding: 'UTF-8', truncated: false, size: entry('README.md').size });
    expect(readme.text).toBe((await catAll(entry('README.md').cid)).toString('utf8'));
    expect(await content.preview('local', demo.rootCid, ['metadata.json'])).toMatchObject({ kind: 'json', mime: 'application/json' });
    const image = await content.preview('local', demo.rootCid, ['images', 'blockglass.png'], 4 * 1024 * 1024);
    expect(image).toMatchObject({ kind: 'image', mime: 'image/png', truncated: false });
    expect(Buffer.from(image.base64!, 'base64').equals(await catAll(entry('images/blockglass.png').cid))).toBe(true);
    const binary = await content.preview('local', demo.rootCid, ['data', 'random-50MiB.bin'], 4096);
    expect(binary).toMatchObject({ kind: 'binary', bytesRead: 4096, truncated: true, size: 50 * 1024 * 1024 });
  });

  it('detects a legacy text encoding and UTF-16 by its BOM', async () => {
    const latin = Buffer.from('Prüfung der Größe: naïve façade, déjà vu, smörgåsbord. '.repeat(20), 'latin1');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('héllo UTF-16 wörld\n', 'utf16le')]);
    const added = await uploadThrough(content, 'local', [{ path: 'enc' }, { path: 'enc/latin1.txt', bytes: latin }, { path: 'enc/utf16.txt', bytes: utf16 }]);
    const latinPreview = await content.preview('local', added.root.cid, ['latin1.txt']);
    expect(latinPreview.kind).toBe('text');
    expect(latinPreview.encoding).toMatch(/^(ISO-8859-1|windows-1252)$/);
    expect(latinPreview.text).toBe(latin.toString('latin1'));
    expect(await content.preview('local', added.root.cid, ['utf16.txt'])).toMatchObject({ kind: 'text', encoding: 'UTF-16LE', text: 'héllo UTF-16 wörld\n' });
  });

  it('refuses a folder', async () => {
    expect((await failure(content.preview('local', demo.rootCid, []))).code).toBe('BAD_REQUEST');
  });
});

describe('add', () => {
  it('adds a folder tree with the CIDs the official client gets for the same files', async () => {
    const files = [
      { path: 'tree' },
      { path: 'tree/a.txt', bytes: Buffer.from('A\n') },
      { path: 'tree/sub' },
      { path: 'tree/sub/b.bin', bytes: crypto.randomBytes(3 * 1024 * 1024 + 17) },
      { path: 'tree/empty' },
    ];
    const ours = await uploadThrough(content, 'local', files);
    const theirs = [];
    for await (const item of ipfs.addAll(files.map((file) => (file.bytes ? { path: file.path, content: file.bytes } : { path: file.path })), { pin: false })) theirs.push(item);
    expect(ours.root).toEqual({ cid: theirs.at(-1)!.cid.toString(), name: 'tree', kind: 'directory' });
    expect((await catAll(`${ours.root.cid}/sub/b.bin`)).equals(files[3]!.bytes!)).toBe(true);
    expect(await content.resolve('local', ours.root.cid, [])).toMatchObject({ pin: 'recursive' });
  });

  it('adds a file on its own as the file itself (the CID the official client gets), named by its file name', async () => {
    const bytes = Buffer.from(`hello ${Date.now()}\n`);
    const ours = await uploadThrough(content, 'local', [{ path: 'hello.txt', bytes }]);
    const theirs = await ipfs.add({ path: 'hello.txt', content: bytes }, { onlyHash: true });
    // Not wrapped in a folder: the CID is the file's own, and the name comes back beside it.
    expect(ours.root).toEqual({ cid: theirs.cid.toString(), name: 'hello.txt', kind: 'file' });
    expect(await content.resolve('local', ours.root.cid, [])).toMatchObject({ kind: 'file', size: bytes.length, pin: 'recursive' });
  });

  it('wraps loose files in a folder, and refuses bytes past a file or a finish before the end', async () => {
    const loose = await uploadThrough(content, 'local', [
      { path: 'one.txt', bytes: Buffer.from('one') },
      { path: 'two.txt', bytes: Buffer.from('two') },
    ]);
    expect(loose.root.kind).toBe('directory');
    expect((await content.resolve('local', loose.root.cid, ['two.txt'])).size).toBe(3);
    const { uploadId } = await content.addBegin('local', 'files', [{ path: 'x.txt', kind: 'file', size: 2 }], false);
    expect((await failure(content.addChunk(uploadId, Buffer.from('too long')))).code).toBe('BAD_REQUEST');
    const second = await content.addBegin('local', 'files', [{ path: 'y.txt', kind: 'file', size: 5 }], false);
    await content.addChunk(second.uploadId, Buffer.from('ab'));
    expect((await failure(content.addFinish(second.uploadId))).shortMessage).toMatch(/3 bytes of "y.txt" have not been sent/);
    expect(content.addCancel(second.uploadId)).toEqual({ cancelled: true });
  });

  it('reports a refused key on the first chunk, not after the whole upload', async () => {
    const { uploadId } = await content.addBegin('wrongkey', 'files', [{ path: 'z.bin', kind: 'file', size: 4 * 1024 * 1024 }], false);
    const send = (bytes: Uint8Array) => content.addChunk(uploadId, bytes).then(() => undefined, (thrown: unknown) => thrown);
    // The first of four chunks; then empty chunks ask whether the store's refusal has come, without sending the rest.
    let error = await send(Buffer.alloc(1024 * 1024));
    if (!error) await expect.poll(async () => (error = await send(new Uint8Array(0))), { timeout: 10_000 }).toBeDefined();
    expect((error as ContentError).code).toBe('UNAUTHORIZED');
  });
});

describe('pins', () => {
  it('pins, lists and unpins', async () => {
    const added = await uploadThrough(content, 'local', [{ path: 'pinme.txt', bytes: Buffer.from(`pin me ${Date.now()}`) }]);
    expect((await content.pins('local')).recursive).toContain(added.root.cid);
    await content.unpin('local', added.root.cid);
    expect((await content.resolve('local', added.root.cid, [])).pin).toBe('none');
    expect((await content.pins('local')).recursive).not.toContain(added.root.cid);
    await content.pin('local', added.root.cid);
    expect((await content.resolve('local', added.root.cid, [])).pin).toBe('recursive');
    expect((await failure(content.unpin('local', entry('README.md').cid))).shortMessage).toMatch(/part of a pinned folder/);
  });
});

describe('save', () => {
  it('saves a 50 MiB file with progress, byte for byte', async () => {
    saveName = 'random.bin';
    const events = await saveAll(content, 'local', demo.rootCid, ['data', 'random-50MiB.bin'], 'random-50MiB.bin', 'file');
    const saved = fs.readFileSync(path.join(saveDir, 'random.bin'));
    expect(sha(saved)).toBe(sha(await catAll(entry('data/random-50MiB.bin').cid)));
    expect(events.at(-1)).toEqual({ kind: 'done', bytes: saved.length, path: path.join(saveDir, 'random.bin') });
    expect(events.filter((event) => event.kind === 'progress').length).toBeGreaterThan(1);
  });

  it('saves a folder as a tar archive of its files', async () => {
    saveName = 'demo.tar';
    await saveAll(content, 'local', demo.rootCid, ['docs'], 'docs', 'folder');
    const names = await untar(fs.readFileSync(path.join(saveDir, 'demo.tar')));
    const guide = Object.entries(names).find(([name]) => name.endsWith('guide/getting-started.md'));
    expect(guide?.[1].equals(await catAll(entry('docs/guide/getting-started.md').cid))).toBe(true);
  });

  it('cancelled midway, leaves no file under the chosen name and no part file', async () => {
    saveName = 'cancelled.bin';
    const controller = new AbortController();
    const events: string[] = [];
    const saving = content.save('local', demo.rootCid, ['data', 'random-50MiB.bin'], 'x', 'file', (event) => {
      events.push(event.kind);
      if (event.kind === 'progress') controller.abort();
    }, controller.signal);
    expect((await failure(saving)).code).toBe('CANCELLED');
    expect(events).toContain('progress');
    expect(fs.readdirSync(saveDir).filter((name) => name.includes('cancelled'))).toEqual([]);
  });
});

describe('recent', () => {
  it('remembers places per network, newest first, and forgets them', () => {
    content.remember('local', demo.rootCid, [], 'blockglass-demo', 'directory');
    content.remember('local', demo.rootCid, ['README.md'], 'README.md', 'file');
    expect(content.recent('local').map((item) => item.path)).toEqual(['README.md', '']);
    expect(content.recent('wrongkey')).toEqual([]);
    // One place forgotten leaves the others under the same CID.
    expect(content.forgetRecent('local', demo.rootCid, 'README.md')).toEqual({ deleted: 1 });
    expect(content.recent('local').map((item) => item.path)).toEqual(['']);
    content.remember('local', demo.rootCid, ['README.md'], 'README.md', 'file');
    expect(content.forgetRecent('local', demo.rootCid)).toEqual({ deleted: 2 });
    expect(content.recent('local')).toEqual([]);
  });

  it('keeps the name a CID was opened by when it is reopened bare, and answers it by CID', () => {
    const file = entry('README.md').cid;
    content.remember('local', file, [], 'hello.txt', 'file');
    // Reopened by the bare CID (a pasted CID, a link without ?name=): no name given, the known one kept.
    expect(content.remember('local', file, [], '', null)).toMatchObject({ name: 'hello.txt', kind: 'file' });
    content.remember('local', demo.rootCid, [], 'blockglass-demo', 'directory');
    expect(content.recent('local', 20, file)).toEqual([expect.objectContaining({ cid: file, path: '', name: 'hello.txt', kind: 'file' })]);
    // Opened by another name, it takes that one.
    expect(content.remember('local', file, [], 'greeting.txt', 'file').name).toBe('greeting.txt');
    expect(content.recent('local', 20, file).map((item) => item.name)).toEqual(['greeting.txt']);
    // Main does not trust a name it is sent: a bidi override, a line break and a slash are taken out.
    expect(content.remember('local', file, [], 'Safe\u202Eexe.txt\nx/y', 'file').name).toBe('Safeexe.txtx_y');
    content.forgetRecent('local');
  });
});

describe('import a CAR', () => {
  it('imports a CAR made elsewhere and opens its root, pinned', async () => {
    // A folder built here, into memory only: the store has never seen its blocks.
    const stamp = `${Date.now()}-${Math.random()}`;
    const { car, root } = await carOf([
      { path: 'car/hello.txt', content: Buffer.from(`hello from a CAR ${stamp}\n`) },
      { path: 'car/inner/bytes.bin', content: crypto.randomBytes(600_000) },
    ]);

    const { uploadId } = await content.addBegin('local', 'car', [{ path: 'folder.car', kind: 'file', size: car.length }], false);
    await content.addChunk(uploadId, car);
    const result = await content.addFinish(uploadId);
    expect(result.root.cid).toBe(root);
    expect(await content.resolve('local', root, [])).toMatchObject({ kind: 'directory', pin: 'recursive' });
    expect((await catAll(`${root}/hello.txt`)).toString()).toBe(`hello from a CAR ${stamp}\n`);
  });

  it('refuses a damaged CAR with the store\'s reason', async () => {
    const { uploadId } = await content.addBegin('local', 'car', [{ path: 'bad.car', kind: 'file', size: 64 }], false);
    await content.addChunk(uploadId, crypto.randomBytes(64)).catch(() => undefined);
    const error = await failure(content.addFinish(uploadId));
    expect(['BAD_REQUEST', 'STORE_ERROR', 'TRANSFER_FAILED']).toContain(error.code);
    expect(error.details ?? error.shortMessage).toMatch(/CAR|header|decode|invalid/i);
  });
});
