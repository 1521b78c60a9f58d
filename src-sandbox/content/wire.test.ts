import * as dagPb from '@ipld/dag-pb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentContextOf } from './createContentStore';
import { collect, collectBytes, kuboClient } from './testing/kuboClient';
import { rawHttp } from './testing/rawHttp';
import { multipartForm } from './testing/multipartForm';
import { startTestStore, TEST_AUTHORIZATION, type TestStore } from './testing/startTestStore';

// Kubo's HTTP rules (SERVICE-FACTS "Content store"), checked at the HTTP level with fetch.

let store: TestStore;
let ipfs: ReturnType<typeof kuboClient>;
const MOONS = 'QmVKvomp91nMih5j6hYBA8KjbiaYvEetU2Q7KvtZkLe9nQ';

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${store.origin}/api/v0/${path}`, { method: 'POST', ...init, headers: { authorization: TEST_AUTHORIZATION, ...init.headers } });

beforeAll(async () => {
  store = await startTestStore();
  ipfs = kuboClient(store.origin);
  await collect(
    ipfs.addAll([
      { path: 'moons/jupiter/europa.txt', content: 'Hello Europa!\n' },
      { path: 'moons/mercury.txt', content: 'hey youre no moon!\n' },
      { path: 'moons/saturn/titan.txt', content: 'Hello Titan!\n' },
    ]),
  );
});
afterAll(() => store.close());

describe('methods, paths and arguments', () => {
  it.each(['GET', 'PUT', 'DELETE', 'PATCH'])('answers %s with 405, plain text and Allow: OPTIONS, POST', async (method) => {
    const response = await api('version', { method });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('OPTIONS, POST');
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe('405 - Method Not Allowed\n');
  });

  it('answers HEAD with 405 and no body', async () => {
    const response = await api('cat', { method: 'HEAD' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('OPTIONS, POST');
  });

  it('answers a CORS preflight (OPTIONS) with 204 and Allow, without credentials', async () => {
    const response = await fetch(`${store.origin}/api/v0/cat`, { method: 'OPTIONS' });
    expect(response.status).toBe(204);
    expect(response.headers.get('allow')).toBe('OPTIONS, POST');
  });

  it.each(['nope', '', 'pin', 'block', 'cat/extra', 'constructor', '__proto__', 'object/get/'])('answers the unknown command %j with 404 plain text', async (command) => {
    const response = await api(command);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe('404 page not found\n');
  });

  it('leaves paths outside /api/v0/ to the server', async () => {
    expect((await fetch(`${store.origin}/api/v0x/cat`, { method: 'POST' })).status).toBe(404);
    expect(await (await fetch(`${store.origin}/other`, { method: 'POST' })).text()).toBe('404 page not found\n');
  });

  it.each([
    ['cat', 'argument "ipfs-path" is required'],
    ['block/get?arg=a&arg=b', 'expected 1 argument(s), got 2'],
    ['add?pin=maybe', 'could not convert value "maybe" to type "bool" (for option "-pin")'],
    ['cat?arg=x&offset=1.5', 'could not convert value "1.5" to type "int" (for option "-offset")'],
    ['add', "file argument 'path' is required"],
    ['version?encoding=xml', 'invalid encoding: xml'],
  ])('answers argument errors (%s) with 400 plain text', async (path, message) => {
    const response = await api(path);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe(`${message}\n`);
  });
});

describe('command errors before output: JSON, 500 unless a client error', () => {
  it('answers a bad CID with 500 and Kubo\'s error object', async () => {
    const response = await api('cat?arg=not-a-cid');
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toBe('application/json');
    const body = (await response.json()) as { Message: string; Code: number; Type: string };
    expect(body).toEqual({ Message: expect.stringMatching(/^invalid path "not-a-cid": /) as unknown, Code: 0, Type: 'error' });
  });

  it('answers a missing block with 500 and an offline Kubo\'s message', async () => {
    const absent = 'QmUNLLsPACCz1vLxQVkXqqLX5R1X345qqfHbsf67hvA3Nm';
    const response = await api(`block/get?arg=${absent}`);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ Message: `block was not found locally (offline): ipld: could not find ${absent}`, Code: 0, Type: 'error' });
  });

  it('answers a path that does not exist with Kubo\'s no-link message', async () => {
    const response = await api(`cat?arg=/ipfs/${MOONS}/pluto.txt`);
    expect(response.status).toBe(500);
    expect(((await response.json()) as { Message: string }).Message).toBe(`no link named "pluto.txt" under ${MOONS}`);
  });

  it('answers wrong credentials with 401 plain text and a Basic challenge', async () => {
    const missing = await fetch(`${store.origin}/api/v0/version`, { method: 'POST' });
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
    expect(await missing.text()).toBe('project id and project secret required (HTTP basic auth)\n');
    const wrong = await api('version', { headers: { authorization: `Basic ${Buffer.from('content-test-key:nope').toString('base64')}` } });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toBe('invalid project id or project secret\n');
  });
});

describe('response headers', () => {
  it('declares the X-Stream-Error trailer on every kind of answer', async () => {
    const answers = await Promise.all([api('version'), api(`ls?arg=${MOONS}`), api(`cat?arg=${MOONS}/mercury.txt`), api('cat'), api('nope'), api('version', { method: 'GET' }), api('cat?arg=x'), fetch(`${store.origin}/api/v0/version`, { method: 'POST' })]);
    for (const answer of answers) {
      expect(answer.headers.get('trailer')).toBe('X-Stream-Error');
      await answer.arrayBuffer();
    }
  });

  it('marks byte streams with X-Stream-Output and X-Content-Length', async () => {
    const response = await api(`cat?arg=${MOONS}/mercury.txt&offset=4`);
    expect(response.headers.get('x-stream-output')).toBe('1');
    expect(response.headers.get('x-content-length')).toBe('15');
    expect(response.headers.get('content-type')).toBe('text/plain');
    expect(response.headers.get('x-chunked-output')).toBeNull();
    expect(await response.text()).toBe('youre no moon!\n');
  });

  it('marks JSON streams with X-Chunked-Output, and single values with neither', async () => {
    const added = await api('add', { body: multipartForm([['a.txt', 'a\n']]) });
    expect(added.headers.get('x-chunked-output')).toBe('1');
    expect(added.headers.get('content-type')).toBe('application/json');
    await added.text();
    const version = await api('version');
    expect(version.headers.get('x-chunked-output')).toBeNull();
    expect(version.headers.get('x-stream-output')).toBeNull();
    await version.text();
  });
});

describe('errors after output began', () => {
  it('sends the X-Stream-Error trailer and breaks the connection when a later block is missing', async () => {
    // A period that does not divide the chunk size, so every chunk is a different block.
    const data = Uint8Array.from({ length: 10 * 262_144 }, (_, index) => (index * 7) % 251);
    const { cid } = await ipfs.add(data);
    const { blocks } = contentContextOf(store.store);
    const root = dagPb.decode(await blocks.get(cid));
    await blocks.blockstore.delete(root.Links[7]!.Hash);

    const response = await api(`cat?arg=${cid}`);
    expect(response.status).toBe(200);
    await expect(response.arrayBuffer()).rejects.toThrow();
    await expect(collectBytes(ipfs.cat(cid))).rejects.toThrow();
    const raw = await rawHttp(store.origin, `POST /api/v0/cat?arg=${cid} HTTP/1.1\r\nHost: test\r\nAuthorization: ${TEST_AUTHORIZATION}\r\nContent-Length: 0\r\n\r\n`);
    expect(raw).toMatch(/\r\n0\r\nX-Stream-Error: block was not found locally \(offline\): ipld: could not find Qm\w+\r\n$/);
    // The terminating blank line never comes: the body is visibly incomplete.
    expect(raw.endsWith('\r\n\r\n')).toBe(false);
    // Everything before the missing block arrived.
    expect(raw.length).toBeGreaterThan(7 * 262_144);
    expect((await ipfs.version()).version).toBe('0.27.0');
  });

  it('ends a JSON stream with the error object, then breaks it, when the upload turns out malformed', async () => {
    const boundary = 'xyz';
    const part = (name: string, content: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n${content}`;
    // Complete as HTTP, but the multipart body stops inside its second part.
    const body = `${part('a.txt', 'first file')}\r\n${part('b.txt', 'second, cut')}`;
    const raw = await rawHttp(
      store.origin,
      `POST /api/v0/add?progress=true HTTP/1.1\r\nHost: test\r\nAuthorization: ${TEST_AUTHORIZATION}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    expect(raw).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    const lines = [...raw.matchAll(/^\{.*\}$/gm)].map((match) => JSON.parse(match[0]) as Record<string, unknown>);
    expect(lines.at(0)).toEqual({ Name: 'a.txt', Bytes: 10 });
    expect(lines).toContainEqual({ Name: 'a.txt', Hash: expect.stringMatching(/^Qm/) as unknown, Size: '18' });
    expect(lines.at(-1)).toEqual({ Message: 'Unexpected end of form', Code: 0, Type: 'error' });
    expect(raw).toMatch(/\r\n0\r\nX-Stream-Error: Unexpected end of form\r\n$/);
  });
});

describe('answer bodies', () => {
  it('object/get with encoding=json gives Kubo\'s {Links, Data}', async () => {
    const response = await api(`object/get?arg=${MOONS}&encoding=json`);
    expect(await response.json()).toEqual({
      Links: [
        { Name: 'jupiter', Hash: 'QmS5mZddhFPLWFX3w6FzAy9QxyYkaxvUpsWCtZ3r7jub9J', Size: 78 },
        { Name: 'mercury.txt', Hash: 'QmUJjVtnN8YEeYcS8VmUeWffTWhnMQAkk5DzZdKnPhqUdK', Size: 27 },
        { Name: 'saturn', Hash: 'QmaMagZT4rTE7Nonw8KGSK4oe1bh533yhZrCo1HihSG8FK', Size: 76 },
      ],
      Data: '\b\u0001',
    });
    const file = await api('object/get?arg=QmUJjVtnN8YEeYcS8VmUeWffTWhnMQAkk5DzZdKnPhqUdK&data-encoding=base64');
    expect(await file.json()).toEqual({ Links: [], Data: Buffer.from(Uint8Array.of(8, 2, 18, 19, ...Buffer.from('hey youre no moon!\n'), 24, 19)).toString('base64') });
  });

  it('dag/get gives dag-json by default, and the block itself for its own codec', async () => {
    const response = await api(`dag/get?arg=${MOONS}/jupiter`);
    expect(response.headers.get('x-stream-output')).toBe('1');
    expect(await response.text()).toBe(
      '{"Data":{"/":{"bytes":"CAE"}},"Links":[{"Hash":{"/":"Qmbjg7zWdqdMaK2BucPncJQDxiALExph5k3NkQv5RHpccu"},"Name":"europa.txt","Tsize":22}]}',
    );
    const own = await api(`dag/get?arg=${MOONS}&output-codec=dag-pb`);
    const block = await api(`block/get?arg=${MOONS}`);
    expect(Buffer.from(await own.arrayBuffer()).equals(Buffer.from(await block.arrayBuffer()))).toBe(true);
  });

  it('ls gives Kubo\'s Objects/Links shape', async () => {
    const response = await api(`ls?arg=${MOONS}`);
    expect(response.headers.get('x-chunked-output')).toBe('1');
    expect(await response.json()).toEqual({
      Objects: [
        {
          Hash: MOONS,
          Links: [
            { Name: 'jupiter', Hash: 'QmS5mZddhFPLWFX3w6FzAy9QxyYkaxvUpsWCtZ3r7jub9J', Size: 0, Type: 1, Target: '' },
            { Name: 'mercury.txt', Hash: 'QmUJjVtnN8YEeYcS8VmUeWffTWhnMQAkk5DzZdKnPhqUdK', Size: 19, Type: 2, Target: '' },
            { Name: 'saturn', Hash: 'QmaMagZT4rTE7Nonw8KGSK4oe1bh533yhZrCo1HihSG8FK', Size: 0, Type: 1, Target: '' },
          ],
        },
      ],
    });
  });

  it('block/stat, pin/add and pin/ls give Kubo\'s JSON', async () => {
    expect(await (await api(`block/stat?arg=${MOONS}`)).json()).toEqual({ Key: MOONS, Size: 154 });
    expect(await (await api(`pin/add?arg=${MOONS}`)).json()).toEqual({ Pins: [MOONS] });
    expect(await (await api(`pin/ls?arg=${MOONS}`)).json()).toEqual({ Keys: { [MOONS]: { Type: 'recursive' } } });
    expect(await (await api(`pin/ls?arg=${MOONS}&stream=true`)).json()).toEqual({ Cid: MOONS, Type: 'recursive' });
    const notPinned = await api('pin/ls?arg=QmUNLLsPACCz1vLxQVkXqqLX5R1X345qqfHbsf67hvA3Nn');
    expect(notPinned.status).toBe(500);
  });

  it('adds symlinks (application/symlink parts), which ls shows with their target', async () => {
    const data = new FormData();
    data.append('file', new Blob(['hello\n'], { type: 'application/octet-stream' }), 'links%2Ftarget.txt');
    data.append('file', new Blob(['target.txt'], { type: 'application/symlink' }), 'links%2Fshortcut');
    const lines = (await (await api('add', { body: data })).text()).trim().split('\n').map((line) => JSON.parse(line) as { Name: string; Hash: string });
    const root = lines.find((line) => line.Name === 'links')!.Hash;
    const listing = (await (await api(`ls?arg=${root}`)).json()) as { Objects: [{ Links: { Name: string; Type: number; Target: string; Size: number }[] }] };
    expect(listing.Objects[0].Links.find((link) => link.Name === 'shortcut')).toMatchObject({ Type: 4, Target: 'target.txt', Size: 10 });
  });

  it('refuses add options that would change CIDs in ways it does not implement', async () => {
    const response = await api('add?inline=true', { body: multipartForm([['x.txt', 'x']]) });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ Message: 'option "inline" is not supported by this store', Code: 0, Type: 'error' });
  });

  it('add answers NDJSON lines with string sizes, progress lines and the wrapper named ""', async () => {
    const response = await api('add?progress=true&wrap-with-directory=true', { body: multipartForm([['one.txt', 'one\n']]) });
    const lines = (await response.text()).trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toEqual([
      { Name: 'one.txt', Bytes: 4 },
      { Name: 'one.txt', Hash: expect.stringMatching(/^Qm/) as unknown, Size: '12' },
      // 53-byte wrapper block (one 49-byte link, 4 bytes of UnixFS data) plus the file's 12.
      { Name: '', Hash: expect.stringMatching(/^Qm/) as unknown, Size: '65' },
    ]);
  });
});
