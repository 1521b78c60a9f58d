import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CID } from 'multiformats/cid';
import { describe, expect, it } from 'vitest';
import { collect, collectBytes, kuboClient } from './testing/kuboClient';
import { startTestStore, TEST_KEY } from './testing/startTestStore';
import { useTestStore } from './testing/useTestStore';

// The store driven by the official JS client (kubo-rpc-client), as the app and third-party tools drive it.

const { store, ipfs } = useTestStore();

async function* slowly(parts: string[]): AsyncGenerator<Uint8Array> {
  for (const part of parts) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    yield new TextEncoder().encode(part);
  }
}

describe('add', () => {
  it('adds a string, bytes and an async stream, and cats each back', async () => {
    const fromString = await ipfs().add('a string\n');
    const fromBytes = await ipfs().add(Uint8Array.of(1, 2, 3, 255));
    const fromStream = await ipfs().add({ path: 'streamed.txt', content: slowly(['part one, ', 'part two, ', 'part three\n']) });
    expect((await collectBytes(ipfs().cat(fromString.cid))).toString()).toBe('a string\n');
    expect([...(await collectBytes(ipfs().cat(fromBytes.cid)))]).toEqual([1, 2, 3, 255]);
    expect(fromStream.path).toBe('streamed.txt');
    expect((await collectBytes(ipfs().cat(fromStream.cid))).toString()).toBe('part one, part two, part three\n');
  });

  it('adds a nested tree with addAll and lists it with ls', async () => {
    const added = await collect(
      ipfs().addAll([
        { path: 'tree/a.txt', content: 'A\n' },
        { path: 'tree/sub/b.txt', content: 'B\n' },
        { path: 'tree/sub/deeper/c.txt', content: 'C\n' },
        { path: 'tree/empty' },
      ]),
    );
    expect(added.map((entry) => entry.path)).toEqual(['tree/a.txt', 'tree/sub/b.txt', 'tree/sub/deeper/c.txt', 'tree/empty', 'tree/sub/deeper', 'tree/sub', 'tree']);
    const root = added.at(-1)!.cid;
    const listing = await collect(ipfs().ls(root));
    expect(listing.map(({ name, type, size }) => ({ name, type, size }))).toEqual([
      { name: 'a.txt', type: 'file', size: 2 },
      { name: 'empty', type: 'dir', size: 0 },
      { name: 'sub', type: 'dir', size: 0 },
    ]);
    expect((await collectBytes(ipfs().cat(`/ipfs/${root}/sub/deeper/c.txt`))).toString()).toBe('C\n');
    expect((await collect(ipfs().ls(`${root}/sub/deeper`))).map((entry) => entry.name)).toEqual(['c.txt']);
  });

  it('reports progress per file', async () => {
    const progress: [number, string | undefined][] = [];
    await ipfs().add({ path: 'progress.bin', content: new Uint8Array(600_000) }, { progress: (bytes, name) => progress.push([bytes, name]) });
    expect(progress.at(-1)).toEqual([600_000, 'progress.bin']);
    expect(progress.length).toBeGreaterThan(1);
  });

  it('adds with CIDv1 and raw leaves', async () => {
    const added = await ipfs().add('version one\n', { cidVersion: 1 });
    expect(added.cid.version).toBe(1);
    expect(added.cid.code).toBe(0x55);
    expect((await collectBytes(ipfs().cat(added.cid))).toString()).toBe('version one\n');
  });
});

describe('cat', () => {
  it('honours offset and length across several arguments, as Kubo\'s sharness tests', async () => {
    const { cid } = await ipfs().add('Hello Worlds!\n');
    const cat = (options: { offset?: number; length?: number }, times = 1) =>
      collectBytes(
        (async function* () {
          // kubo-rpc-client sends one arg per call; several args go through fetch below.
          for (let index = 0; index < times; index += 1) yield* ipfs().cat(cid, options);
        })(),
      );
    expect((await cat({ offset: 10 })).toString()).toBe('ds!\n');
    expect((await cat({ length: 8 })).toString()).toBe('Hello Wo');
    expect((await cat({ length: 0 })).toString()).toBe('');
    expect((await cat({ length: 100 })).toString()).toBe('Hello Worlds!\n');
    const several = await fetch(`${store().origin}/api/v0/cat?arg=${cid}&arg=${cid}&arg=${cid}&offset=5&length=15`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${TEST_KEY}:content-test-secret`).toString('base64')}` },
    });
    expect(await several.text()).toBe(' Worlds!\nHello ');
    await expect(cat({ offset: -102 })).rejects.toThrow(/negative offset/);
  });

  it('fails on a directory with Kubo\'s message', async () => {
    const [dir] = await collect(ipfs().addAll([{ path: 'just-a-dir' }]));
    await expect(collectBytes(ipfs().cat(dir!.cid))).rejects.toThrow('this dag node is a directory');
  });
});

describe('blocks, dag and pins', () => {
  it('gets and stats a block, and decodes it with dag.get', async () => {
    const { cid } = await ipfs().add('hello world\n');
    expect(await ipfs().block.stat(cid)).toEqual({ cid, size: 20 });
    const block = await ipfs().block.get(cid);
    expect(block.byteLength).toBe(20);
    const { value } = await ipfs().dag.get(cid);
    expect(value).toEqual({ Data: Uint8Array.of(8, 2, 18, 12, ...new TextEncoder().encode('hello world\n'), 24, 12), Links: [] });
  });

  it('pins recursively and lists pins of each type', async () => {
    const added = await collect(ipfs().addAll([{ path: 'pinme/x.txt', content: 'x\n' }], { pin: false }));
    const root = added.at(-1)!.cid;
    const child = added[0]!.cid;
    const pinnedBefore = await collect(ipfs().pin.ls({ paths: [root] })).catch((error: Error) => error);
    expect(pinnedBefore).toBeInstanceOf(Error);
    expect(await ipfs().pin.add(root)).toEqual(root);
    expect(await collect(ipfs().pin.ls({ paths: [root] }))).toEqual([{ cid: root, type: 'recursive' }]);
    expect(await collect(ipfs().pin.ls({ paths: [child] }))).toEqual([{ cid: child, type: `indirect through ${root}` }]);
    const all = await collect(ipfs().pin.ls());
    expect(all).toContainEqual({ cid: root, type: 'recursive' });
    expect(all).toContainEqual({ cid: child, type: 'indirect' });
    expect(await collect(ipfs().pin.ls({ type: 'recursive' }))).not.toContainEqual({ cid: child, type: 'indirect' });
    const direct = await ipfs().add('direct\n', { pin: false });
    await ipfs().pin.add(direct.cid, { recursive: false });
    expect(await collect(ipfs().pin.ls({ type: 'direct' }))).toEqual([{ cid: direct.cid, type: 'direct' }]);
  });

  it('refuses to pin what it does not have', async () => {
    const absent = CID.parse('QmUNLLsPACCz1vLxQVkXqqLX5R1X345qqfHbsf67hvA3Nm');
    await expect(ipfs().pin.add(absent)).rejects.toThrow(/could not find/);
  });

  it('keeps blocks and pins across a restart', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-content-restart-'));
    try {
      const first = await startTestStore({ dataDir });
      const { cid } = await kuboClient(first.origin).add('survives a restart\n');
      await first.close();
      const second = await startTestStore({ dataDir });
      const client = kuboClient(second.origin);
      expect((await collectBytes(client.cat(cid))).toString()).toBe('survives a restart\n');
      expect(await collect(client.pin.ls({ paths: [cid] }))).toEqual([{ cid, type: 'recursive' }]);
      await second.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('version and auth', () => {
  it('answers version with Kubo\'s fields', async () => {
    const version = await ipfs().version();
    expect(version).toMatchObject({ version: '0.27.0', repo: '15', system: expect.stringMatching(/\//) as unknown });
  });

  it('rejects calls without credentials or with a wrong secret (401)', async () => {
    const anonymous = kuboClient(store().origin, '');
    await expect(anonymous.version()).rejects.toMatchObject({ response: { status: 401 } });
    const wrong = kuboClient(store().origin, `Basic ${Buffer.from(`${TEST_KEY}:wrong`).toString('base64')}`);
    await expect(wrong.add('nope')).rejects.toMatchObject({ response: { status: 401 }, message: 'invalid project id or project secret\n' });
  });
});
