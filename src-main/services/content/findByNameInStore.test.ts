import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { basicAuthorization } from '../secrets/basicAuthorization';
import { sharedSandbox } from '../rpc/testing/sharedSandbox';
import { contentServiceFor, storeNetwork, uploadThrough } from './testing/contentFixture';
import { kubo } from './testing/officialClient';

// Content found by its name, through the content service on the shared sandbox's real store: each CID and size the
// find answers is checked against the store's own answers (the official client's `ls`, `cat` and `pin ls`).

const sandbox = sharedSandbox();
const auth = basicAuthorization(sandbox.info.key, sandbox.info.secret);
const storageUrl = sandbox.info.storageUrl;
const saveDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-find-'));
const fixture = contentServiceFor({ local: storeNetwork('local', storageUrl, auth), nostore: storeNetwork('nostore', null, undefined) }, () => path.join(saveDir, 'x'));
const content = fixture.service;
const ipfs = kubo(storageUrl, auth);
afterAll(() => {
  fixture.close();
  fs.rmSync(saveDir, { recursive: true, force: true });
});

// Names and bytes no other test adds, so the store's answers are about these files only.
const tag = crypto.randomBytes(4).toString('hex');

async function catLength(cid: string): Promise<number> {
  let length = 0;
  for await (const part of ipfs.cat(cid)) length += part.byteLength;
  return length;
}

describe('content.find', () => {
  it('finds an added file by any part of its name, any case, with the CID and size the store has', async () => {
    const bytes = Buffer.from(`quarterly report ${tag}\n`.repeat(40));
    const added = await uploadThrough(content, 'local', [{ path: `Quarterly-Report-${tag}.txt`, bytes }]);
    const found = await content.find('local', `report-${tag.toUpperCase()}`);
    expect(found.matches).toHaveLength(1);
    const match = found.matches[0]!;
    expect(match).toMatchObject({ name: `Quarterly-Report-${tag}.txt`, source: 'added', rootCid: added.root.cid, path: '', kind: 'file' });
    // The store's own answers: it has these bytes under that CID, pinned recursively.
    expect(match.cid).toBe(added.root.cid);
    expect(match.size).toBe(await catLength(match.cid!));
    expect(match.size).toBe(bytes.byteLength);
    const pins = [];
    for await (const pin of ipfs.pin.ls({ paths: [match.cid!] })) pins.push(pin);
    expect(pins.map((pin) => [pin.cid.toString(), pin.type])).toEqual([[match.cid, 'recursive']]);
    expect(match.at).toBeGreaterThan(Date.now() - 60_000);
  });

  it('finds a file inside an added folder under its folder, with its own CID as the store lists it', async () => {
    const data = Buffer.from(`{"tag":"${tag}"}\n`);
    const added = await uploadThrough(content, 'local', [
      { path: `notes-${tag}` },
      { path: `notes-${tag}/readme.md`, bytes: Buffer.from('# notes\n') },
      { path: `notes-${tag}/sub/measurements-${tag}.json`, bytes: data },
    ]);
    const found = await content.find('local', `measurements-${tag}`);
    expect(found.matches).toHaveLength(1);
    const match = found.matches[0]!;
    expect(match).toMatchObject({ name: `measurements-${tag}.json`, source: 'in-folder', rootCid: added.root.cid, path: `sub/measurements-${tag}.json`, rootName: `notes-${tag}`, kind: 'file', size: data.byteLength });
    const listed = [];
    for await (const entry of ipfs.ls(`/ipfs/${added.root.cid}/sub`)) listed.push(entry);
    expect(listed.map((entry) => [entry.name, entry.cid.toString(), entry.size])).toEqual([[`measurements-${tag}.json`, match.cid, match.size]]);
    // The folder itself, by its name: its size is its files' bytes.
    const folder = (await content.find('local', `notes-${tag}`)).matches[0]!;
    expect(folder).toMatchObject({ cid: added.root.cid, source: 'added', kind: 'directory', size: data.byteLength + 8 });
  });

  it('finds the files of a folder once it was listed (opened in the browser), under that folder, as the store lists them', async () => {
    const demo = sandbox.demoContent;
    const listed = [];
    for await (const entry of ipfs.ls(demo.rootCid)) listed.push(entry);
    const file = listed.find((entry) => entry.type === 'file')!;
    // Before the folder is opened here, its files' names are not known on this device.
    expect((await content.find('local', file.name)).matches.filter((match) => match.rootCid === demo.rootCid)).toEqual([]);
    await content.list('local', demo.rootCid, () => undefined, new AbortController().signal);
    const found = (await content.find('local', file.name)).matches.filter((match) => match.rootCid === demo.rootCid);
    expect(found).toEqual([expect.objectContaining({ cid: file.cid.toString(), name: file.name, source: 'in-folder', path: file.name, kind: 'file', size: file.size })]);
  });

  it('keeps a name a person set after Recent is cleared; a rename replaces it', async () => {
    const added = await uploadThrough(content, 'local', [{ path: `${tag}.bin`, bytes: crypto.randomBytes(300) }]);
    content.remember('local', added.root.cid, [], `budget draft ${tag}`, 'file');
    content.forgetRecent('local');
    expect((await content.find('local', `budget draft ${tag}`)).matches.map((match) => [match.cid, match.source])).toEqual([[added.root.cid, 'named']]);
    content.remember('local', added.root.cid, [], `budget final ${tag}`, 'file');
    expect((await content.find('local', `budget draft ${tag}`)).matches).toEqual([]);
    expect((await content.find('local', `budget final ${tag}`)).matches.map((match) => match.cid)).toEqual([added.root.cid]);
    // The name it was added by stays with it.
    expect((await content.find('local', `${tag}.bin`)).matches.map((match) => match.source)).toEqual(['added']);
  });

  it('says what it searched when nothing matches: the names kept here and the store’s pins, which the sandbox keeps no names for', async () => {
    const found = await content.find('local', `no such name ${tag}`);
    expect(found.matches).toEqual([]);
    let pins = 0;
    for await (const _pin of ipfs.pin.ls({ type: 'recursive' })) pins += 1;
    // Other tests add to the same store meanwhile: the count read is at most the store's a moment later.
    expect(found.searched.pins).toBeGreaterThan(0);
    expect(found.searched.pins).toBeLessThanOrEqual(pins);
    expect(found.searched.pinNames).toBe(0);
    expect(found.none).toBe(
      `Nothing on Store local goes by a name with "no such name ${tag}" in it. Searched: ${found.searched.names.toLocaleString('en-US')} names kept on this device, and the content store keeps no names for its ${found.searched.pins!.toLocaleString('en-US')} pins.`,
    );
  });

  it('still finds the names kept here when the network has no content store', async () => {
    const found = await content.find('nostore', 'anything');
    expect(found.searched).toEqual({ names: 0, pins: null, pinNames: 0 });
    expect(found.none).toBe('Nothing on Store nostore goes by a name with "anything" in it. Searched: no names are kept on this device yet (add a file, or name a CID, and its name is kept), and the content store could not be read for its pins’ names.');
  });
});
