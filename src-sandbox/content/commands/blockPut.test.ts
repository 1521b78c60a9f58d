import * as dagPb from '@ipld/dag-pb';
import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import { sha256 } from 'multiformats/hashes/sha2';
import { describe, expect, it } from 'vitest';
import { collect } from '../testing/kuboClient';
import { TEST_AUTHORIZATION } from '../testing/startTestStore';
import { useTestStore } from '../testing/useTestStore';

const { store, ipfs } = useTestStore();

/** Posts files as Kubo's clients do (one multipart part each) and returns the status and body. */
async function put(query: string, files: (string | Uint8Array)[]): Promise<{ status: number; headers: Headers; text: string }> {
  const form = new FormData();
  for (const file of files) form.append('file', new Blob([file]), '');
  const response = await fetch(`${store().origin}/api/v0/block/put${query ? `?${query}` : ''}`, { method: 'POST', headers: { authorization: TEST_AUTHORIZATION }, body: form });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const cidOf = async (bytes: Uint8Array, code: number = raw.code) => CID.createV1(code, await sha256.digest(bytes));

describe('block/put', () => {
  it('stores bytes as a raw CIDv1 block that block/get gives back, with the CID multiformats computes', async () => {
    const bytes = new TextEncoder().encode('a block of my own\n');
    const cid = await ipfs().block.put(bytes);
    expect(cid.toString()).toBe((await cidOf(bytes)).toString());
    expect(await ipfs().block.get(cid)).toEqual(bytes);
    expect(await ipfs().block.stat(cid)).toEqual({ cid, size: bytes.byteLength });
  });

  it('labels the CID with cid-codec without touching the bytes, and honours the legacy format', async () => {
    const node = dagPb.encode({ Data: Uint8Array.of(8, 1), Links: [] });
    const labelled = await put('cid-codec=dag-pb', [node]);
    expect(JSON.parse(labelled.text)).toEqual({ Key: (await cidOf(node, dagPb.code)).toString(), Size: node.byteLength });
    const v0 = await put('format=v0', [node]);
    expect(JSON.parse(v0.text)).toEqual({ Key: CID.createV0(await sha256.digest(node)).toString(), Size: node.byteLength });
    // kubo-rpc-client's `format` option, which also sends `version` (ignored by Kubo).
    const cid = await ipfs().block.put(node, { format: 'dag-pb', version: 0 });
    expect(cid.toString()).toBe((await cidOf(node, dagPb.code)).toString());
    expect(await ipfs().block.get(cid)).toEqual(node);
  });

  it('answers one NDJSON line per uploaded block', async () => {
    const answer = await put('', ['first\n', 'second\n']);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-chunked-output')).toBe('1');
    const lines = answer.text.trim().split('\n').map((line) => JSON.parse(line) as { Key: string; Size: number });
    expect(lines).toEqual([
      { Key: (await cidOf(new TextEncoder().encode('first\n'))).toString(), Size: 6 },
      { Key: (await cidOf(new TextEncoder().encode('second\n'))).toString(), Size: 7 },
    ]);
  });

  it('pins only when asked (recursively, as Kubo)', async () => {
    const unpinned = await ipfs().block.put(new TextEncoder().encode('not pinned\n'));
    await expect(collect(ipfs().pin.ls({ paths: [unpinned] }))).rejects.toThrow('is not pinned');
    const pinned = await ipfs().block.put(new TextEncoder().encode('pinned\n'), { pin: true });
    expect(await collect(ipfs().pin.ls({ paths: [pinned] }))).toEqual([{ cid: pinned, type: 'recursive' }]);
  });

  it('takes a block of exactly 1 MiB and refuses one byte more with Kubo\'s message', async () => {
    const limit = new Uint8Array(1024 * 1024).fill(7);
    expect((await ipfs().block.put(limit)).toString()).toBe((await cidOf(limit)).toString());
    const over = await put('', [new Uint8Array(1024 * 1024 + 1)]);
    expect(over.status).toBe(500);
    expect(JSON.parse(over.text)).toMatchInlineSnapshot(`
      {
        "Code": 0,
        "Message": "produced block is over 1MiB: big blocks can't be exchanged with other peers. consider using UnixFS for automatic chunking of bigger files, or pass --allow-big-block to override",
        "Type": "error",
      }
    `);
    expect(JSON.parse((await put('allow-big-block=true', ['x'])).text).Message).toBe('option "allow-big-block" is not supported by this store: blocks stay within 1MiB');
  });

  it('refuses hashes, lengths and codecs it cannot produce, as command errors', async () => {
    const message = async (query: string) => (JSON.parse((await put(query, ['x'])).text) as { Message: string }).Message;
    expect(await message('mhtype=sha2-512')).toBe('hash function "sha2-512" is not supported by this store (only sha2-256)');
    expect(await message('mhlen=20')).toBe('mhlen 20 is not supported by this store (only 32 for sha2-256)');
    expect(await message('cid-codec=nope')).toBe('unknown multicodec: "nope"');
    expect(await message('format=v0&cid-codec=dag-cbor')).toBe('unable to use "format" (deprecated) and a custom "cid-codec" at the same time');
    await expect(ipfs().block.put(Uint8Array.of(1), { mhtype: 'blake3' })).rejects.toThrow('hash function "blake3" is not supported by this store');
  });

  it('answers 400 without a multipart body, and a command error for a directory part', async () => {
    const response = await fetch(`${store().origin}/api/v0/block/put`, { method: 'POST', headers: { authorization: TEST_AUTHORIZATION } });
    expect([response.status, await response.text()]).toEqual([400, "file argument 'data' is required\n"]);
    const form = new FormData();
    form.append('file', new Blob([], { type: 'application/x-directory' }), 'folder');
    const directory = await fetch(`${store().origin}/api/v0/block/put`, { method: 'POST', headers: { authorization: TEST_AUTHORIZATION }, body: form });
    expect([directory.status, ((await directory.json()) as { Message: string }).Message]).toEqual([500, 'expected a file']);
  });
});
