import { CID } from 'multiformats/cid';
import { describe, expect, it } from 'vitest';
import { collect, kuboClient } from '../testing/kuboClient';
import { startTestStore, TEST_AUTHORIZATION } from '../testing/startTestStore';
import { useTestStore } from '../testing/useTestStore';

const { store, ipfs } = useTestStore();

const api = (path: string) => fetch(`${store().origin}/api/v0/${path}`, { method: 'POST', headers: { authorization: TEST_AUTHORIZATION } });

/** A folder added unpinned: its root and one file inside it. */
async function unpinnedFolder(name: string): Promise<{ root: CID; child: CID }> {
  const added = await collect(ipfs().addAll([{ path: `${name}/file.txt`, content: `${name}\n` }], { pin: false }));
  return { root: added.at(-1)!.cid, child: added[0]!.cid };
}

describe('pin/rm', () => {
  it('unpins a recursive pin, and its indirect pins go with it', async () => {
    const { root, child } = await unpinnedFolder('recursive');
    await ipfs().pin.add(root);
    expect(await collect(ipfs().pin.ls({ paths: [child] }))).toEqual([{ cid: child, type: `indirect through ${root}` }]);
    expect(await ipfs().pin.rm(root)).toEqual(root);
    await expect(collect(ipfs().pin.ls({ paths: [root] }))).rejects.toThrow(`path '${root}' is not pinned`);
    await expect(collect(ipfs().pin.ls({ paths: [child] }))).rejects.toThrow(`path '${child}' is not pinned`);
    const all = await collect(ipfs().pin.ls());
    expect(all.map((pin) => pin.cid.toString())).not.toContain(child.toString());
  });

  it('unpins a direct pin with or without recursive', async () => {
    const first = await ipfs().add('direct one\n', { pin: false });
    const second = await ipfs().add('direct two\n', { pin: false });
    await ipfs().pin.add(first.cid, { recursive: false });
    await ipfs().pin.add(second.cid, { recursive: false });
    expect(await ipfs().pin.rm(first.cid, { recursive: false })).toEqual(first.cid);
    expect(await ipfs().pin.rm(second.cid)).toEqual(second.cid);
    expect(await collect(ipfs().pin.ls({ type: 'direct' }))).toEqual([]);
  });

  it('answers {"Pins":[…]} for several arguments, resolving paths to the CID they name', async () => {
    const { root, child } = await unpinnedFolder('several');
    const other = await ipfs().add('other\n');
    await ipfs().pin.add(child);
    const response = await api(`pin/rm?arg=/ipfs/${root}/file.txt&arg=${other.cid}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-chunked-output')).toBeNull();
    expect(await response.json()).toEqual({ Pins: [child.toString(), other.cid.toString()] });
    expect(await collect(ipfs().pin.ls({ type: 'recursive' }))).not.toContainEqual({ cid: other.cid, type: 'recursive' });
  });

  it('keeps a recursive pin asked to be removed with recursive=false, with Kubo\'s error', async () => {
    const { cid } = await ipfs().add('pinned recursively\n');
    await expect(ipfs().pin.rm(cid, { recursive: false })).rejects.toThrow(`${cid} is pinned recursively`);
    expect(await collect(ipfs().pin.ls({ paths: [cid] }))).toEqual([{ cid, type: 'recursive' }]);
  });

  it('refuses what is not pinned, or only indirectly, with Kubo\'s error', async () => {
    const { root, child } = await unpinnedFolder('refused');
    await expect(ipfs().pin.rm(root)).rejects.toThrowErrorMatchingInlineSnapshot(`[HTTPError: not pinned or pinned indirectly]`);
    await ipfs().pin.add(root);
    await expect(ipfs().pin.rm(child)).rejects.toThrow('not pinned or pinned indirectly');
    // A CID the store never saw is simply not pinned (Kubo does not read the block either).
    await expect(ipfs().pin.rm(CID.parse('QmUNLLsPACCz1vLxQVkXqqLX5R1X345qqfHbsf67hvA3Nm'))).rejects.toThrow('not pinned or pinned indirectly');
  });

  it('unpins the arguments before the one that fails, as Kubo does', async () => {
    const { cid } = await ipfs().add('unpinned before the failure\n');
    const response = await api(`pin/rm?arg=${cid}&arg=${cid}`);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ Message: 'not pinned or pinned indirectly', Code: 0, Type: 'error' });
    await expect(collect(ipfs().pin.ls({ paths: [cid] }))).rejects.toThrow('is not pinned');
  });

  it('answers argument errors with 400 and command errors with 500', async () => {
    const missing = await api('pin/rm');
    expect([missing.status, await missing.text()]).toEqual([400, 'argument "ipfs-path" is required\n']);
    const badFlag = await api('pin/rm?arg=QmUNLLsPACCz1vLxQVkXqqLX5R1X345qqfHbsf67hvA3Nn&recursive=maybe');
    expect([badFlag.status, await badFlag.text()]).toEqual([400, 'could not convert value "maybe" to type "bool" (for option "-recursive")\n']);
    const badCid = await api('pin/rm?arg=not-a-cid');
    expect(badCid.status).toBe(500);
    expect(((await badCid.json()) as { Message: string }).Message).toMatch(/^invalid path "not-a-cid": invalid cid/);
  });

  it('keeps the removal across a restart', async () => {
    const { cid } = await ipfs().add('removed for good\n');
    await ipfs().pin.rm(cid);
    const dataDir = store().dataDir;
    const reopened = await startTestStore({ dataDir });
    try {
      await expect(collect(kuboClient(reopened.origin).pin.ls({ paths: [cid] }))).rejects.toThrow('is not pinned');
    } finally {
      await reopened.close();
    }
  });
});
