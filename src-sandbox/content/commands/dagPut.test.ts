import * as dagCbor from '@ipld/dag-cbor';
import * as dagJson from '@ipld/dag-json';
import * as dagPb from '@ipld/dag-pb';
import { CID } from 'multiformats/cid';
import { sha256 } from 'multiformats/hashes/sha2';
import { describe, expect, it } from 'vitest';
import { collect } from '../testing/kuboClient';
import { TEST_AUTHORIZATION } from '../testing/startTestStore';
import { useTestStore } from '../testing/useTestStore';

const { store, ipfs } = useTestStore();

const api = (path: string, body?: FormData) => fetch(`${store().origin}/api/v0/${path}`, { method: 'POST', headers: { authorization: TEST_AUTHORIZATION }, body });

/** `dag/put` of text or bytes, one multipart part each; returns the status and the parsed answer lines. */
async function dagPut(query: string, ...inputs: (string | Uint8Array)[]): Promise<{ status: number; lines: Record<string, unknown>[] }> {
  const form = new FormData();
  for (const input of inputs) form.append('file', new Blob([input]), '');
  const response = await api(`dag/put?${query}`, form);
  const text = await response.text();
  return { status: response.status, lines: text.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>) };
}

const cidOf = async (bytes: Uint8Array, code: number) => CID.createV1(code, await sha256.digest(bytes)).toString();

describe('dag/put', () => {
  it('stores a node that dag.get decodes back, under the CID multiformats computes', async () => {
    const link = (await ipfs().add('linked\n')).cid;
    const value = { name: 'a node', count: 3, bytes: Uint8Array.of(1, 2, 3), link, nested: { list: [1, 'two', null] } };
    const cid = await ipfs().dag.put(value);
    expect(cid.toString()).toBe(await cidOf(dagCbor.encode(value), dagCbor.code));
    expect((await ipfs().dag.get(cid)).value).toEqual(value);
    const asJson = await ipfs().dag.put(value, { storeCodec: 'dag-json' });
    expect(asJson.code).toBe(dagJson.code);
    expect((await ipfs().dag.get(asJson)).value).toEqual(value);
  });

  it('reads dag-json by default and stores dag-cbor, answering {"Cid":{"/":…}} per node', async () => {
    const input = '{"hello":"world","link":{"/":"QmUNLLsPACCz1vLxQVkXqqLX5R1X345qqfHbsf67hvA3Nn"}}';
    const { status, lines } = await dagPut('', input, '[1,2,3]');
    expect(status).toBe(200);
    expect(lines).toEqual([
      { Cid: { '/': await cidOf(dagCbor.encode(dagJson.decode(new TextEncoder().encode(input))), dagCbor.code) } },
      { Cid: { '/': await cidOf(dagCbor.encode([1, 2, 3]), dagCbor.code) } },
    ]);
  });

  it('converts between the codecs it knows: dag-pb, raw and json included', async () => {
    const pbNode = { Data: Uint8Array.of(8, 1), Links: [] };
    const pb = await dagPut('store-codec=dag-pb', dagJson.encode(pbNode));
    expect(pb.lines).toEqual([{ Cid: { '/': await cidOf(dagPb.encode(pbNode), dagPb.code) } }]);
    const raw = await dagPut('input-codec=raw&store-codec=raw', Uint8Array.of(9, 9, 9));
    expect(raw.lines).toEqual([{ Cid: { '/': await cidOf(Uint8Array.of(9, 9, 9), 0x55) } }]);
    const json = await dagPut('input-codec=json&store-codec=dag-json', '{"b":1,"a":2}');
    expect(json.lines).toEqual([{ Cid: { '/': await cidOf(dagJson.encode({ a: 2, b: 1 }), dagJson.code) } }]);
    // dag/get gives a stored node in any of those codecs.
    const cborCid = (await dagPut('', '{"x":[true]}')).lines[0]!.Cid as { '/': string };
    const response = await api(`dag/get?arg=${cborCid['/']}`);
    expect(await response.text()).toBe('{"x":[true]}');
    expect(new Uint8Array(await (await api(`dag/get?arg=${cborCid['/']}&output-codec=dag-cbor`)).arrayBuffer())).toEqual(dagCbor.encode({ x: [true] }));
  });

  it('pins only when asked', async () => {
    const unpinned = await ipfs().dag.put({ pinned: false });
    await expect(collect(ipfs().pin.ls({ paths: [unpinned] }))).rejects.toThrow('is not pinned');
    const pinned = await ipfs().dag.put({ pinned: true }, { pin: true });
    expect(await collect(ipfs().pin.ls({ paths: [pinned] }))).toEqual([{ cid: pinned, type: 'recursive' }]);
  });

  it('fails bad input with a specific command error', async () => {
    const message = async (query: string, input: string | Uint8Array) => {
      const { status, lines } = await dagPut(query, input);
      expect(status).toBe(500);
      return (lines[0] as { Message: string }).Message;
    };
    expect(await message('', '{"unterminated": ')).toMatch(/^cannot decode the input as dag-json: /);
    expect(await message('input-codec=dag-cbor', Uint8Array.of(0xff, 0x00))).toMatch(/^cannot decode the input as dag-cbor: /);
    expect(await message('store-codec=dag-pb', '{"Data":"not bytes"}')).toMatch(/^cannot encode the node as dag-pb: /);
    expect(await message('store-codec=raw', '{"a":1}')).toBe('cannot encode the node as raw: raw can only encode bytes');
    expect(await message('store-codec=json', '{"a":{"/":"QmUNLLsPACCz1vLxQVkXqqLX5R1X345qqfHbsf67hvA3Nn"}}')).toBe('cannot encode the node as json: json cannot encode links or bytes (dag-json can)');
    expect(await message('store-codec=nope', '{}')).toBe('unknown multicodec: "nope"');
    expect(await message('input-codec=cbor', '{}')).toBe('codec "cbor" is not supported by this store (only raw, dag-pb, dag-cbor, dag-json, json)');
    expect(await message('hash=sha3-256', '{}')).toBe('hash function "sha3-256" is not supported by this store (only sha2-256)');
    const bigBytes = `{"/":{"bytes":"${Buffer.alloc(1024 * 1024 + 1).toString('base64')}"}}`;
    expect(await message('', bigBytes)).toMatch(/^produced block is over 1MiB/);
    const missing = await api('dag/put');
    expect([missing.status, await missing.text()]).toEqual([400, "file argument 'object data' is required\n"]);
  });
});
