import type { CID } from 'multiformats/cid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentContextOf } from '../createContentStore';
import { collect, kuboClient } from '../testing/kuboClient';
import { startTestStore, TEST_AUTHORIZATION, type TestStore } from '../testing/startTestStore';
import { addShardedFolder } from '../testing/addShardedFolder';

let store: TestStore;
let ipfs: ReturnType<typeof kuboClient>;
let root: CID;

beforeAll(async () => {
  store = await startTestStore();
  ipfs = kuboClient(store.origin);
  const added = await collect(
    ipfs.addAll([
      { path: 'tree/a.txt', content: 'A\n' },
      { path: 'tree/sub/deeper/c.txt', content: 'C\n' },
    ]),
  );
  root = added.at(-1)!.cid;
});
afterAll(() => store.close());

const api = (path: string) => fetch(`${store.origin}/api/v0/${path}`, { method: 'POST', headers: { authorization: TEST_AUTHORIZATION } });

describe('dag/resolve', () => {
  it('resolves a nested path to the CID ls lists for it', async () => {
    const listed = await collect(ipfs.ls(`${root}/sub/deeper`));
    const resolved = await ipfs.dag.resolve(root, { path: 'sub/deeper/c.txt' });
    expect(resolved).toEqual({ cid: listed[0]!.cid, remainderPath: '' });
    const response = await api(`dag/resolve?arg=/ipfs/${root}/sub`);
    expect(response.headers.get('x-chunked-output')).toBeNull();
    const sub = (await collect(ipfs.ls(root))).find((entry) => entry.name === 'sub')!;
    expect(await response.json()).toEqual({ Cid: { '/': sub.cid.toString() }, RemPath: '' });
  });

  it('resolves through a HAMT-sharded folder', async () => {
    const { cid: sharded, files } = await addShardedFolder(contentContextOf(store.store).blocks, 40);
    const [name, content] = files[17]!;
    const file = await ipfs.add(content, { onlyHash: true });
    expect((await ipfs.dag.resolve(`/ipfs/${sharded}/${name}`)).cid).toEqual(file.cid);
  });

  it('follows dag-cbor links and gives the fields left inside a node as RemPath', async () => {
    const inner = await ipfs.dag.put({ deep: { value: 42 } });
    const outer = await ipfs.dag.put({ child: inner, folder: root, plain: { a: [1, 2] } });
    expect(await ipfs.dag.resolve(outer, { path: 'child' })).toEqual({ cid: inner, remainderPath: '' });
    expect(await ipfs.dag.resolve(outer, { path: 'child/deep/value' })).toEqual({ cid: inner, remainderPath: '/deep/value' });
    expect(await ipfs.dag.resolve(outer, { path: 'plain/a' })).toEqual({ cid: outer, remainderPath: '/plain/a' });
    expect((await ipfs.dag.resolve(outer, { path: 'folder/a.txt' })).cid).toEqual((await ipfs.add('A\n', { onlyHash: true })).cid);
    // dag/get reads the field a path ends in.
    expect(await (await api(`dag/get?arg=${outer}/child/deep`)).text()).toBe('{"value":42}');
  });

  it('answers a bare CID without reading it, as Kubo', async () => {
    const absent = 'bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy';
    expect(await (await api(`dag/resolve?arg=${absent}`)).json()).toEqual({ Cid: { '/': absent }, RemPath: '' });
  });

  it('fails unknown names, absent blocks and bad arguments with Kubo\'s errors', async () => {
    await expect(ipfs.dag.resolve(root, { path: 'nope' })).rejects.toThrow(`no link named "nope" under ${root}`);
    const file = (await ipfs.add('A\n', { onlyHash: true })).cid;
    await expect(ipfs.dag.resolve(root, { path: 'a.txt/below' })).rejects.toThrow(`no link named "below" under ${file}`);
    const node = await ipfs.dag.put({ a: 1 });
    await expect(ipfs.dag.resolve(node, { path: 'b' })).rejects.toThrow(`no link named "b" under ${node}`);
    const absent = 'QmUNLLsPACCz1vLxQVkXqqLX5R1X345qqfHbsf67hvA3Nm';
    await expect(ipfs.dag.resolve(`${absent}/x`)).rejects.toThrow(`block was not found locally (offline): ipld: could not find ${absent}`);
    const missing = await api('dag/resolve');
    expect([missing.status, await missing.text()]).toEqual([400, 'argument "ref" is required\n']);
    const bad = await api('dag/resolve?arg=zzz');
    expect([bad.status, ((await bad.json()) as { Message: string }).Message]).toEqual([500, expect.stringMatching(/^invalid path "zzz": invalid cid/) as unknown]);
  });
});
