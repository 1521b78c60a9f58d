import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { base32upper } from 'multiformats/bases/base32';
import { CID } from 'multiformats/cid';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedSandbox } from '../rpc/testing/sharedSandbox';
import { basicAuthorization } from '../secrets/basicAuthorization';
import { ContentError } from './contentErrors';
import { kuboCommand, ndjsonObjects } from './kuboCommand';
import { contentServiceFor, storeNetwork, uploadThrough } from './testing/contentFixture';
import { kubo } from './testing/officialClient';

// Kubo's wire rules as the service meets them on the real sandbox: a failure after output began (the
// X-Stream-Error trailer, a cut connection) is a failed transfer, never a short success; a store that no
// longer offers object/get (Kubo 0.28+) is read with dag/get; 429, silence and NDJSON error lines.

const sandbox = sharedSandbox();
const auth = basicAuthorization(sandbox.info.key, sandbox.info.secret);
const storageUrl = sandbox.info.storageUrl;

/** A store in front of the sandbox that answers some commands itself (as a newer Kubo, or a busy one, would). */
let proxy: http.Server;
let proxyUrl = '';
const overrides = new Map<string, (res: http.ServerResponse) => void>();
beforeAll(async () => {
  proxy = http.createServer((req, res) => {
    const command = (req.url ?? '').split('?')[0]!.replace('/api/v0/', '');
    const override = overrides.get(command);
    if (override) {
      req.resume();
      return override(res);
    }
    void request(`${storageUrl}${req.url}`, { method: 'POST', headers: req.headers as Record<string, string>, body: req })
      .then(async (answer) => {
        res.writeHead(answer.statusCode, answer.headers as http.OutgoingHttpHeaders);
        for await (const chunk of answer.body) res.write(chunk);
        res.end();
      })
      .catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterAll(async () => {
  fixture.close();
  await new Promise((resolve) => proxy.close(resolve));
});

const fixture = contentServiceFor({ local: storeNetwork('local', storageUrl, auth) }, () => '/dev/null');
const content = fixture.service;
const proxied = () => ({ storageUrl: proxyUrl, authorization: auth });

it("falls back to dag/get where the store no longer offers object/get, and reads the same node", async () => {
  overrides.set('object/get', (res) => {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('404 page not found\n');
  });
  const direct = await content.resolve('local', sandbox.demoContent.rootCid, []);
  const network = storeNetwork('proxied', proxyUrl, auth);
  const viaProxy = contentServiceFor({ proxied: network }, () => '/dev/null');
  try {
    const node = await viaProxy.service.resolve('proxied', sandbox.demoContent.rootCid, []);
    expect(node).toEqual({ ...direct, readWith: 'dag/get' });
  } finally {
    viaProxy.close();
    overrides.clear();
  }
});

it.each([false, true])('reads an error in the X-Stream-Error trailer after output began as a failed transfer (lent chunks: %s)', async (lend) => {
  // A fresh 3 MiB file, then one of its middle chunks removed from the store's disk: cat streams the first
  // chunks, then meets the hole.
  const bytes = Buffer.alloc(3 * 1024 * 1024, lend ? 8 : 7); // a file of its own for each way of reading
  for (let index = 0; index < bytes.length; index += 4096) bytes.writeUInt32BE(index, index);
  const added = await uploadThrough(content, 'local', [{ path: `holey-${lend}.bin`, bytes }]);
  const links = [];
  for await (const link of kubo(storageUrl, auth).ls(added.root.cid)) links.push(link);
  expect(links.length).toBeGreaterThan(4);
  const victim = CID.parse(links[6]!.cid.toString());
  const encoded = base32upper.encode(victim.multihash.bytes);
  const file = path.join(sandbox.dataDir, 'content', 'blocks', encoded.slice(-2), `${encoded}.data`);
  await expect.poll(() => fs.existsSync(file), { timeout: 10_000 }).toBe(true);
  fs.rmSync(file);

  const answer = await kuboCommand({ storageUrl, authorization: auth }, 'cat', [['arg', added.root.cid]], { doing: 'read this file', lend });
  let received = 0;
  const error = await (async () => {
    for await (const chunk of answer.body) received += chunk.byteLength;
  })().then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ContentError);
  expect((error as ContentError).code).toBe('TRANSFER_FAILED');
  expect((error as ContentError).shortMessage).toMatch(/^The transfer failed after [\d,]+ bytes/);
  expect(received).toBeGreaterThan(0);
  expect(received).toBeLessThan(bytes.length);
});

describe.each([false, true])('a cat read with lent chunks: %s', (lend) => {
  it('gives the same bytes as the official client', async () => {
    const bytes = Buffer.alloc(5 * 1024 * 1024 + 17);
    for (let index = 0; index + 4 <= bytes.length; index += 4) bytes.writeUInt32BE((index * 2654435761) >>> 0, index);
    const added = await uploadThrough(content, 'local', [{ path: `same-${lend}.bin`, bytes }]);
    const answer = await kuboCommand({ storageUrl, authorization: auth }, 'cat', [['arg', added.root.cid], ['offset', '1000']], { doing: 'read this file', lend });
    const ours: Buffer[] = [];
    for await (const chunk of answer.body) ours.push(Buffer.from(chunk)); // copied: a lent chunk is read into again
    const official: Uint8Array[] = [];
    for await (const chunk of kubo(storageUrl, auth).cat(added.root.cid, { offset: 1000 })) official.push(chunk);
    expect(Buffer.compare(Buffer.concat(ours), Buffer.concat(official))).toBe(0);
    expect(Buffer.concat(ours).length).toBe(bytes.length - 1000);
  });

  it('fails a transfer the store cut midway, as a cut to take up again', async () => {
    overrides.set('cat', (res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'x-stream-output': '1' });
      res.write(Buffer.alloc(300_000, 1), () => res.destroy());
    });
    const answer = await kuboCommand(proxied(), 'cat', [['arg', 'x']], { doing: 'save this file', lend });
    let received = 0;
    const error = await (async () => {
      for await (const chunk of answer.body) received += chunk.byteLength;
    })().catch((thrown: unknown) => thrown);
    overrides.clear();
    expect(error).toMatchObject({ code: 'TRANSFER_FAILED', data: { cut: true } });
    expect((error as ContentError).shortMessage).toBe(`The transfer failed after ${received.toLocaleString('en-US')} bytes (save this file).`);
  });

  it('maps a refusal, silence and a store that is not there to plain words', async () => {
    const bad = await kuboCommand({ storageUrl, authorization: auth }, 'cat', [['arg', 'not-a-cid']], { doing: 'read this file', lend }).catch((thrown: unknown) => thrown);
    expect(bad).toMatchObject({ code: 'BAD_REQUEST', shortMessage: 'The store could not read this CID or path.' });
    const refused = await kuboCommand({ storageUrl, authorization: 'Basic bm90OmFrZXk=' }, 'cat', [['arg', sandbox.demoContent.rootCid]], { doing: 'read this file', lend }).catch((thrown: unknown) => thrown);
    expect(refused).toMatchObject({ code: 'UNAUTHORIZED' });
    overrides.set('cat', () => undefined); // never answers
    expect(await kuboCommand(proxied(), 'cat', [['arg', 'x']], { doing: 'save this file', timeoutSeconds: 1, lend }).catch((thrown: unknown) => thrown)).toMatchObject({
      code: 'TIMEOUT',
      shortMessage: 'The content store did not answer within 1 s (save this file).',
    });
    overrides.clear();
    const gone = http.createServer();
    await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
    const goneUrl = `http://127.0.0.1:${(gone.address() as AddressInfo).port}`;
    await new Promise((resolve) => gone.close(resolve));
    expect(await kuboCommand({ storageUrl: goneUrl }, 'cat', [['arg', 'x']], { doing: 'save this file', lend }).catch((thrown: unknown) => thrown)).toMatchObject({ code: 'UNREACHABLE', nodeSaid: 'ECONNREFUSED' });
  });
});

describe('refusals', () => {
  it('maps Kubo JSON errors, 429 and silence to plain words', async () => {
    const bad = await kuboCommand({ storageUrl, authorization: auth }, 'cat', [['arg', 'not-a-cid']], { doing: 'read this file' }).catch((thrown: unknown) => thrown);
    expect(bad).toMatchObject({ code: 'BAD_REQUEST', shortMessage: 'The store could not read this CID or path.' });
    expect((bad as ContentError).nodeSaid).toMatch(/\S/); // Kubo's own words, for behind the page's Details

    overrides.set('ls', (res) => {
      res.writeHead(429, { 'content-type': 'text/plain' });
      res.end('rate limited\n');
    });
    expect(await kuboCommand(proxied(), 'ls', [['arg', sandbox.demoContent.rootCid]], { doing: 'list' }).catch((thrown: unknown) => thrown)).toMatchObject({ code: 'RATE_LIMITED' });

    overrides.set('ls', () => undefined); // never answers
    expect(await kuboCommand(proxied(), 'ls', [['arg', sandbox.demoContent.rootCid]], { doing: 'list this folder', timeoutSeconds: 1 }).catch((thrown: unknown) => thrown)).toMatchObject({
      code: 'TIMEOUT',
      shortMessage: 'The content store did not answer within 1 s (list this folder).',
    });
    overrides.clear();
  });

  it('cancels a call that is waiting', async () => {
    let asked = false;
    overrides.set('ls', () => void (asked = true)); // never answers
    const controller = new AbortController();
    const pending = kuboCommand(proxied(), 'ls', [['arg', 'x']], { doing: 'list', signal: controller.signal }).catch((thrown: unknown) => thrown);
    // Cancelled once the store has the call and does not answer it.
    await expect.poll(() => asked).toBe(true);
    controller.abort();
    expect(await pending).toMatchObject({ code: 'CANCELLED' });
    overrides.clear();
  });
});

describe('ndjsonObjects', () => {
  const lines = async (...chunks: string[]) => {
    const out: unknown[] = [];
    for await (const value of ndjsonObjects((async function* () {
      for (const chunk of chunks) yield new TextEncoder().encode(chunk);
    })(), 'list')) out.push(value);
    return out;
  };
  it('joins lines split across chunks and throws on an error line', async () => {
    expect(await lines('{"a":', '1}\n{"b"', ':2}\n')).toEqual([{ a: 1 }, { b: 2 }]);
    await expect(lines('{"a":1}\n{"Message":"merkledag: not found","Code":0,"Type":"error"}\n')).rejects.toMatchObject({ code: 'TRANSFER_FAILED', shortMessage: 'The content store does not have this content.' });
    await expect(lines('{"a":1}\nnot json\n')).rejects.toMatchObject({ code: 'BAD_ANSWER' });
  });
});
