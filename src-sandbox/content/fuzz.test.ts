import fc from 'fast-check';
import type { CID } from 'multiformats/cid';
import { sha256 } from 'multiformats/hashes/sha2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentContextOf } from './createContentStore';
import { buildCar, dagBlocks } from './testing/buildCar';
import { collect, collectBytes, kuboClient } from './testing/kuboClient';
import { sendRequest, type Exchange } from './testing/sendRequest';
import { startTestStore, TEST_AUTHORIZATION, TEST_KEY, type TestStore } from './testing/startTestStore';

// Hostile and malformed requests, generated: every answer must be well-formed, the server must stay up,
// and content stored before must come back byte for byte afterwards.

let store: TestStore;
let ipfs: ReturnType<typeof kuboClient>;
const stored: { cid: string; bytes: Buffer }[] = [];
let treeRoot: CID;
const EXPECTED_STATUSES = [200, 204, 400, 401, 404, 405, 500];
const COMMANDS = ['add', 'cat', 'get', 'ls', 'object/get', 'dag/get', 'dag/put', 'dag/resolve', 'dag/import', 'block/get', 'block/put', 'block/stat', 'pin/add', 'pin/ls', 'pin/rm', 'version'];

beforeAll(async () => {
  store = await startTestStore();
  ipfs = kuboClient(store.origin);
  const contents = [Buffer.from('fuzz me not\n'), Buffer.from(Uint8Array.from({ length: 700_000 }, (_, index) => (index * 13) % 251))];
  for (const bytes of contents) stored.push({ cid: (await ipfs.add(bytes)).cid.toString(), bytes });
  const tree = await collect(ipfs.addAll([{ path: 'fz/a.txt', content: 'a\n' }, { path: 'fz/sub/b.txt', content: 'b\n' }]));
  treeRoot = tree.at(-1)!.cid;
  stored.push({ cid: `${treeRoot}/sub/b.txt`, bytes: Buffer.from('b\n') });
});
afterAll(() => store.close());

const boundary = 'fuzzboundary';
const part = (name: string, type: string, content: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n${content}\r\n`;

/** The request generator; built once content is stored, since plausible requests name it. */
function requestArbitrary() {
  const argValue = () =>
    fc.oneof(
      fc.constantFrom(...stored.map((entry) => entry.cid), 'QmUNLLsPACCz1vLxQVkXqqLX5R1X345qqfHbsf67hvA3Nn', '/ipfs/', '/ipns/x', 'bafy', '', '../../etc/passwd'),
      fc.string({ maxLength: 60 }),
    );
  const optionValue = fc.oneof(fc.constantFrom('true', 'false', '', '0', '1', '-1', '9', '99999999999999999999', 'json', 'xml', 'size-10', 'size-0', 'rabin', 'base64', 'dag-pb', 'raw', 'all', 'indirect', 'dag-cbor', 'dag-json', 'json', 'v0', 'sha2-512', '32'), fc.string({ maxLength: 12 }));
  const optionName = fc.oneof(fc.constantFrom('arg', 'offset', 'length', 'pin', 'cid-version', 'raw-leaves', 'only-hash', 'wrap-with-directory', 'progress', 'chunker', 'trickle', 'hash', 'encoding', 'data-encoding', 'output-codec', 'stream', 'type', 'recursive', 'inline', 'w', 'n', 'cid-codec', 'mhtype', 'mhlen', 'format', 'store-codec', 'input-codec', 'pin-roots', 'stats', 'archive', 'compress', 'compression-level', 'allow-big-block'), fc.string({ maxLength: 8 }));

  const query = fc.oneof(
    fc.array(fc.tuple(optionName, fc.oneof(optionValue, argValue())), { maxLength: 6 }).map((pairs) => new URLSearchParams(pairs).toString()),
    fc.constantFrom('arg=%zz', 'arg=%', '&&&', '=x', 'arg'),
  );
  const path = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...COMMANDS) },
    { weight: 2, arbitrary: fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }).map((segments) => segments.map(encodeURIComponent).join('/')) },
    { weight: 1, arbitrary: fc.constantFrom('%zz', 'cat%2F', 'pin%2Fls', '..', 'add/', '') },
  );
  const multipart = fc.oneof(
    fc
      .array(fc.tuple(fc.string({ maxLength: 12 }), fc.constantFrom('application/octet-stream', 'application/x-directory', 'application/symlink', 'text/plain'), fc.string({ maxLength: 40 })), { maxLength: 4 })
      .map((parts) => parts.map(([name, type, content]) => part(encodeURIComponent(name), type, content)).join('') + `--${boundary}--\r\n`),
    fc.tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 200 }), fc.nat({ max: 150 })).map(([name, content, cut]) => `${part(name, 'application/octet-stream', content)}--${boundary}--\r\n`.slice(0, cut)),
  );
  const body = fc.oneof(fc.constant(''), multipart, fc.string({ maxLength: 300 }), fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes).toString('latin1')));
  const headerValue = fc.stringMatching(/^[\x20-\x7e]{0,40}$/);
  const hostile = fc.record({
    method: fc.constantFrom('POST', 'POST', 'POST', 'POST', 'GET', 'PUT', 'DELETE', 'OPTIONS', 'PATCH', 'HEAD'),
    path,
    query,
    authorization: fc.oneof(
      { weight: 5, arbitrary: fc.constant(TEST_AUTHORIZATION) },
      { weight: 1, arbitrary: fc.constantFrom('', 'Basic', 'Basic !!!', `Basic ${Buffer.from(`${TEST_KEY}:wrong`).toString('base64')}`, `Basic ${Buffer.from(TEST_KEY).toString('base64')}`, 'Bearer x') },
      { weight: 1, arbitrary: headerValue },
    ),
    contentType: fc.oneof(fc.constant(`multipart/form-data; boundary=${boundary}`), fc.constantFrom('', 'multipart/form-data', 'multipart/mixed; boundary=', 'text/plain', 'application/json'), headerValue),
    extraHeader: fc.tuple(fc.stringMatching(/^x-[a-z]{1,10}$/), headerValue),
    body,
  });
  // Close to real use, so that most requests get past the checks into the commands (and their streams).
  const plausible = fc.record({
    method: fc.constant('POST'),
    path: fc.constantFrom(...COMMANDS, 'add', 'add', 'cat', 'cat'),
    query: fc
      .tuple(fc.array(fc.constantFrom(...stored.map((entry) => entry.cid)), { minLength: 1, maxLength: 3 }), fc.array(fc.tuple(optionName, optionValue), { maxLength: 3 }))
      .map(([args, options]) => new URLSearchParams([...args.map((arg): [string, string] => ['arg', arg]), ...options]).toString()),
    authorization: fc.constant(TEST_AUTHORIZATION),
    contentType: fc.constant(`multipart/form-data; boundary=${boundary}`),
    extraHeader: fc.constant(['x-fuzz', 'plausible'] as [string, string]),
    body: multipart,
  });
  return fc.oneof({ weight: 3, arbitrary: plausible }, { weight: 2, arbitrary: hostile });
}

/** Checks that an exchange is a well-formed Kubo answer; returns why not, or undefined. */
function problem(exchange: Exchange, method: string): string | undefined {
  if (!EXPECTED_STATUSES.includes(exchange.status)) return `unexpected status ${exchange.status}`;
  if (method === 'HEAD') return exchange.body.byteLength === 0 ? undefined : 'a body in an answer to HEAD';
  const type = String(exchange.headers['content-type'] ?? '');
  const text = exchange.body.toString('utf8');
  if (exchange.broken) {
    // Only a stream that already said 200 may be broken off, and what arrived must still parse.
    if (exchange.status !== 200) return 'broken answer that is not a 200 stream';
    if (type === 'application/json') {
      const lines = text.split('\n').filter((line) => line !== '');
      const last = lines.map((line) => JSON.parse(line) as { Type?: string }).at(-1);
      if (last?.Type !== 'error') return 'broken JSON stream without a final error object';
    }
    return undefined;
  }
  if (exchange.status === 204) return undefined;
  if (type === 'application/json') {
    for (const line of text.split('\n').filter((entry) => entry !== '')) JSON.parse(line);
    if (exchange.status >= 400) {
      const error = JSON.parse(text) as { Message?: unknown; Code?: unknown; Type?: unknown };
      if (typeof error.Message !== 'string' || typeof error.Code !== 'number' || error.Type !== 'error') return 'malformed error object';
    }
  } else if (exchange.status >= 400 && !text.endsWith('\n')) {
    return 'plain-text error without its newline';
  }
  return undefined;
}

describe('fuzzing the HTTP interface', () => {
  it('answers every generated request with a well-formed answer', async () => {
    await fc.assert(
      fc.asyncProperty(requestArbitrary(), async (input) => {
        const headers: Record<string, string> = { [input.extraHeader[0]]: input.extraHeader[1] };
        if (input.authorization !== '') headers.authorization = input.authorization;
        if (input.contentType !== '') headers['content-type'] = input.contentType;
        const exchange = await sendRequest(store.origin, {
          method: input.method,
          path: `/api/v0/${input.path}${input.query ? `?${input.query}` : ''}`,
          headers,
          body: input.method === 'HEAD' || input.method === 'GET' ? new Uint8Array() : Buffer.from(input.body, 'latin1'),
        });
        const why = problem(exchange, input.method);
        expect(why, `${input.method} /api/v0/${input.path}?${input.query} -> ${exchange.status} ${exchange.body.toString('utf8').slice(0, 200)}`).toBeUndefined();
        if (input.method !== 'OPTIONS' && input.authorization !== TEST_AUTHORIZATION) expect(exchange.status).toBe(401);
      }),
      { numRuns: 400 },
    );
  }, 120_000);

  it('still serves what was stored before, byte for byte', async () => {
    for (const { cid, bytes } of stored) expect(Buffer.compare(await collectBytes(ipfs.cat(cid)), bytes)).toBe(0);
    expect((await ipfs.version()).version).toBe('0.27.0');
  });
});

describe('fuzzing dag/import with damaged CARs', () => {
  it('answers every damaged CAR with 200 or a Kubo error, and stores no block its CID does not match', async () => {
    const blocks = await dagBlocks(contentContextOf(store.store).blocks, treeRoot);
    const car = await buildCar([treeRoot], blocks);
    // A store of its own, so that whatever a damaged CAR leaves behind can be checked.
    const target = await startTestStore();
    try {
      const damage = fc.oneof(
        fc.record({ at: fc.nat({ max: car.byteLength - 1 }), flip: fc.integer({ min: 1, max: 255 }) }).map(({ at, flip }) => Uint8Array.from(car, (byte, index) => (index === at ? byte ^ flip : byte))),
        fc.nat({ max: car.byteLength - 1 }).map((at) => car.subarray(0, at)),
        fc.tuple(fc.nat({ max: car.byteLength }), fc.uint8Array({ minLength: 1, maxLength: 16 })).map(([at, bytes]) => Buffer.concat([car.subarray(0, at), bytes, car.subarray(at)])),
      );
      await fc.assert(
        fc.asyncProperty(damage, fc.boolean(), async (damaged, stats) => {
          const body = Buffer.concat([Buffer.from(part('fuzz.car', 'application/octet-stream', ''), 'latin1').subarray(0, -2), damaged, Buffer.from(`\r\n--${boundary}--\r\n`)]);
          const exchange = await sendRequest(target.origin, {
            method: 'POST',
            path: `/api/v0/dag/import?stats=${stats}`,
            headers: { authorization: TEST_AUTHORIZATION, 'content-type': `multipart/form-data; boundary=${boundary}` },
            body,
          });
          expect(problem(exchange, 'POST'), exchange.body.toString('utf8').slice(0, 200)).toBeUndefined();
          expect([200, 500]).toContain(exchange.status);
        }),
        { numRuns: 150 },
      );
      for await (const { cid, bytes } of contentContextOf(target.store).blocks.blockstore.getAll()) {
        const parts: Uint8Array[] = [];
        for await (const piece of bytes) parts.push(piece);
        expect(Buffer.from((await sha256.digest(Buffer.concat(parts))).digest)).toEqual(Buffer.from(cid.multihash.digest));
      }
    } finally {
      await target.close();
    }
  }, 120_000);
});
