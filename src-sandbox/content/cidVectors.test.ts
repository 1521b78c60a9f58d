import crypto from 'node:crypto';
import { importer } from 'ipfs-unixfs-importer';
import type { CID } from 'multiformats/cid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededBytes } from './demo/seededBytes';
import { kuboImporterOptions, type AddLayoutFlags } from './kuboImporterOptions';
import { goBalancedRoot } from './testing/goBalancedLayout';
import { collect, collectBytes, kuboClient } from './testing/kuboClient';
import { multipartForm } from './testing/multipartForm';
import { startTestStore, TEST_AUTHORIZATION, type TestStore } from './testing/startTestStore';
import { uploadFile } from './testing/uploadFile';

// Every expected CID below comes from Kubo itself: SERVICE-FACTS' table, and Kubo's own sharness tests
// (test/sharness/t0040-add-and-cat.sh, t0260-sharding.sh). Each is produced here through the store's
// HTTP `add`, with the official client, unless the vector needs a Kubo setting the HTTP API does not expose.

let store: TestStore;
let ipfs: ReturnType<typeof kuboClient>;
const text = (value: string) => new TextEncoder().encode(value);
const upTo251 = (length: number) => Uint8Array.from({ length }, (_, index) => index % 251);

beforeAll(async () => {
  store = await startTestStore();
  ipfs = kuboClient(store.origin);
});
afterAll(() => store.close());

describe('SERVICE-FACTS vectors (default settings)', () => {
  it.each([
    ['hello world\\n', text('hello world\n'), 'QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o'],
    ['Hello Worlds!\\n', text('Hello Worlds!\n'), 'QmVr26fY1tKyspEJBniVhqxQeEjhF78XerGiqWAwraVLQH'],
    ['empty file', new Uint8Array(), 'QmbFMke1KXqnYyBBWxB74N4c5SBnJMVAiMNRcGu6x1AwQH'],
    ['one 0x00 byte', new Uint8Array(1), 'QmS9JArPwa55ePgDnyg6TzX24mYTS1b1vLqWNebyVotKxQ'],
    ['262,144 bytes of i % 251', upTo251(262_144), 'QmeqfRyS3vkku7n6krqC3DgGMex3x2sCpSeKMDmrG13QQq'],
    ['262,145 bytes of i % 251', upTo251(262_145), 'QmUSjGawaz4ptvREcMKSMJneWCa5j8dAz2wSAAvHtW2rnB'],
  ])('adds %s as %s', async (_name, bytes, expected) => {
    const added = await ipfs.add(bytes);
    expect(added.cid.toString()).toBe(expected);
    expect(Buffer.compare(await collectBytes(ipfs.cat(added.cid)), Buffer.from(bytes))).toBe(0);
  });

  it('reports Size as the cumulative DAG size ("20" for hello world)', async () => {
    const response = await fetch(`${store.origin}/api/v0/add`, { method: 'POST', headers: { authorization: TEST_AUTHORIZATION }, body: multipartForm([['hello.txt', 'hello world\n']]) });
    expect(await response.text()).toBe('{"Name":"hello.txt","Hash":"QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o","Size":"20"}\n');
  });

  it('adds an empty directory as QmUNLL…', async () => {
    const [entry] = await collect(ipfs.addAll([{ path: 'empty' }]));
    expect(entry?.cid.toString()).toBe('QmUNLLsPACCz1vLxQVkXqqLX5R1X345qqfHbsf67hvA3Nn');
  });
});

describe("Kubo's sharness vectors", () => {
  it.each([
    ['Helloo Worlds!\n', 'Qmf35k66MZNW2GijohUmXQEWKZU4cCGTCwK6idfnt152wJ'],
    ['IPFS\n', 'QmdFyxZXsFiP4csgfM5uPu99AvFiKH62CSPDw5TP92nr7w'],
    ['Hello Jupiter!\n', 'QmUnvPcBctVTAcJpigv6KMqDvmDewksPWrNVoy1E1WP5fh'],
    ['Hello Neptune!\nHello Pluton!', 'QmZDhWpi8NvKrekaYYhxKCdNVGWsFFe1CREnAjP1QbPaB3'],
    ['Hello Venus!\n', 'QmU5kp3BH3B8tnWUU2Pikdb2maksBNkb92FHRr56hyghh4'],
  ])('adds %j as %s, named by its CID when unnamed', async (content, expected) => {
    const added = await ipfs.add(content);
    expect(added.cid.toString()).toBe(expected);
    expect(added.path).toBe(expected);
  });

  const planets = [
    { path: 'planets/mars.txt', content: 'Hello Mars!\n' },
    { path: 'planets/venus.txt', content: 'Hello Venus!\n' },
  ];
  it.each([
    ['default', {}, ['QmPrrHqJzto9m7SyiRzarwkqPcCSsKR2EB1AyqJfe8L8tN', 'QmU5kp3BH3B8tnWUU2Pikdb2maksBNkb92FHRr56hyghh4', 'QmWSgS32xQEcXMeqd3YPJLrNBLSdsfYCep2U7CFkyrjXwY']],
    ['--raw-leaves', { rawLeaves: true }, ['bafkreibmlvvgdyihetgocpof6xk64kjjzdeq2e4c7hqs3krdheosk4tgj4', 'bafkreihfsphazrk2ilejpekyltjeh5k4yvwgjuwg26ueafohqioeo3sdca', 'QmfWfQfKCY5Ukv9peBbxM5vqWM9BzmqUSXvdCgjT2wsiBT']],
    ['--cid-version=1 (raw leaves implied)', { cidVersion: 1 }, ['bafkreibmlvvgdyihetgocpof6xk64kjjzdeq2e4c7hqs3krdheosk4tgj4', 'bafkreihfsphazrk2ilejpekyltjeh5k4yvwgjuwg26ueafohqioeo3sdca', 'bafybeih7e5dmkyk25up5vxug4q3hrg2fxbzf23dfrac2fns5h7z4aa7ioi']],
    ['--cid-version=1 --raw-leaves=false', { cidVersion: 1, rawLeaves: false }, ['bafybeiawta2ntdmsy24aro35w3homzl4ak7svr3si7l7gesvq4erglyye4', 'bafybeicvkvhs2fr75ynebtdjqpgm4g2fc63abqbmysupwpmcjl4gx7mzrm', 'bafybeif5tuep5ap2d7zyhbktucey75aoacxufgt6i3v4gebmixyipnyp7y']],
  ] as const)('adds the planets folder with %s', async (_name, options, expected) => {
    const added = await collect(ipfs.addAll(planets, options));
    expect(added.map((entry) => `${entry.path} ${entry.cid}`)).toEqual([
      `planets/mars.txt ${expected[0]}`,
      `planets/venus.txt ${expected[1]}`,
      `planets ${expected[2]}`,
    ]);
  });

  it('computes the moons folder with --only-hash, in Kubo\'s output order, storing nothing', async () => {
    const added = await collect(
      ipfs.addAll(
        [
          { path: 'moons/jupiter/europa.txt', content: 'Hello Europa!\n' },
          { path: 'moons/mercury.txt', content: 'hey youre no moon!\n' },
          { path: 'moons/saturn/titan.txt', content: 'Hello Titan!\n' },
        ],
        { onlyHash: true },
      ),
    );
    expect(added.map((entry) => `${entry.path} ${entry.cid}`)).toEqual([
      'moons/jupiter/europa.txt Qmbjg7zWdqdMaK2BucPncJQDxiALExph5k3NkQv5RHpccu',
      'moons/mercury.txt QmUJjVtnN8YEeYcS8VmUeWffTWhnMQAkk5DzZdKnPhqUdK',
      'moons/saturn/titan.txt QmZzppb9WHn552rmRqpPfgU5FEiHH6gDwi3MrB9cTdPwdb',
      'moons/jupiter QmS5mZddhFPLWFX3w6FzAy9QxyYkaxvUpsWCtZ3r7jub9J',
      'moons/saturn QmaMagZT4rTE7Nonw8KGSK4oe1bh533yhZrCo1HihSG8FK',
      'moons QmVKvomp91nMih5j6hYBA8KjbiaYvEetU2Q7KvtZkLe9nQ',
    ]);
    await expect(ipfs.block.stat(added.at(-1)!.cid)).rejects.toThrow(/could not find QmVKvomp/);
  });

  it('adds a nested folder (hey, hello/world) as QmZQWnfc…', async () => {
    const added = await collect(ipfs.addAll([{ path: 'test_current_dir/hey', content: 'Hey\n' }, { path: 'test_current_dir/hello/world', content: 'World\n' }]));
    expect(added.at(-1)?.cid.toString()).toBe('QmZQWnfcqJ6hNkkPvrY9Q5X39GP3jUnUbAV4AbmbbR3Cb1');
  });

  it('adds an empty file with --raw-leaves as a raw CIDv1 block', async () => {
    expect((await ipfs.add(new Uint8Array(), { rawLeaves: true })).cid.toString()).toBe('bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku');
  });

  it('adds with --trickle (ipfs add -t) as QmUkUQgx…', async () => {
    expect((await ipfs.add('Hello Worlds!\n', { trickle: true })).cid.toString()).toBe('QmUkUQgxXeggyaD5Ckv8ZqfW8wHBX6cYyeiyqvVZYzq5Bi');
  });

  it('wraps with a directory and serves the file by path under it', async () => {
    const added = await collect(ipfs.addAll([{ path: 'file.txt', content: 'IPFS\n' }], { wrapWithDirectory: true }));
    expect(added[0]?.cid.toString()).toBe('QmdFyxZXsFiP4csgfM5uPu99AvFiKH62CSPDw5TP92nr7w');
    expect(added[1]?.path).toBe('');
    expect((await collectBytes(ipfs.cat(`/ipfs/${added[1]!.cid}/file.txt`))).toString()).toBe('IPFS\n');
  });

  it('refuses an unknown CID version like Kubo', async () => {
    await expect(ipfs.add('context\n', { cidVersion: 9 as 1 })).rejects.toThrow(/unknown CID version/);
  });
});

describe('HAMT-sharded directories (t0260-sharding.sh)', () => {
  const numbered = (count: number, name: (index: number) => string) =>
    Array.from({ length: count }, (_, index) => ({ path: name(index + 1), content: text(`${index + 1}\n`) }));

  it('shards big_dir (5,960 entries, just above 256 KiB of links) as QmWfjnRW…, and serves it back', async () => {
    const files = numbered(5960, (index) => `big_dir/file${String(index).padStart(6, '0')}`);
    const root = (await collect(ipfs.addAll(files))).at(-1)!;
    expect(root.cid.toString()).toBe('QmWfjnRWRvdvYezQWnfbvrvY7JjrpevsE9cato1x76UqGr');
    const listing = await collect(ipfs.ls(root.cid));
    expect(listing).toHaveLength(5960);
    expect(new Set(listing.map((entry) => entry.name))).toEqual(new Set(files.map((file) => file.path.slice('big_dir/'.length))));
    expect(listing.every((entry) => entry.type === 'file')).toBe(true);
    expect((await collectBytes(ipfs.cat(`${root.cid}/file000100`))).toString()).toBe('100\n');
    const node = (await ipfs.dag.get(root.cid)).value as { Data: Uint8Array; Links: { Name: string }[] };
    // A HAMT shard: UnixFS type 5, links named by two hex digits (plus the entry name on leaves).
    expect(node.Data[1]).toBe(5);
    expect(node.Links.every((link) => /^[0-9A-F]{2}/.test(link.Name))).toBe(true);
  }, 60_000);

  it('keeps small_dir (100 entries) flat: QmdBXmm4…', async () => {
    const files = numbered(100, (index) => `small_dir/file${String(index).padStart(6, '0')}`);
    expect((await collect(ipfs.addAll(files, { onlyHash: true }))).at(-1)?.cid.toString()).toBe('QmdBXmm4HRpUhyzzctbFvi2tLai3XFL1YjmE1qfpJe61NX');
  });

  // These need Kubo's Internal.UnixFSShardingSizeThreshold (1B forces sharding, 1G prevents it), which the
  // HTTP API does not expose, so they run the store's importer options directly.
  const testdata = numbered(2000, (index) => `testdata/file${index}`);
  const importRoot = async (flags: Partial<AddLayoutFlags>) => {
    const options = kuboImporterOptions({ cidVersion: 0, rawLeaves: undefined, chunker: 'default', trickle: false, hash: 'sha2-256', wrapWithDirectory: false, ...flags });
    let last: CID | undefined;
    for await (const entry of importer(testdata, { put: async (cid: CID) => cid }, options)) last = entry.cid;
    return last?.toString();
  };
  it.each([
    ['unsharded (threshold 1G)', { shardThresholdBytes: 1 << 30 }, 'QmavrTrQG4VhoJmantURAYuw3bowq3E2WcvP36NRQDAC1N'],
    ['sharded (threshold 1B)', { shardThresholdBytes: 0 }, 'QmSCJD1KYLhVVHqBK3YyXuoEqHt7vggyJhzoFYbT8v1XYL'],
    ['sharded, --cid-version=1', { shardThresholdBytes: 0, cidVersion: 1 }, 'bafybeibiemewfzzdyhq2l74wrd6qj2oz42usjlktgnlqv4yfawgouaqn4u'],
  ])('gives testdata (2,000 files) %s as %s', async (_name, flags, expected) => {
    expect(await importRoot(flags)).toBe(expected);
  });
});

describe('multi-level file DAGs', () => {
  it('builds a file of more than 174 chunks like Go\'s balanced layout, and cats it back byte for byte', async () => {
    const size = 180 * 262_144 + 1234; // 47.2 MB: root -> 2 internal nodes -> 181 leaves
    const chunks = [...seededBytes(42, size)].map((chunk) => Uint8Array.from(chunk));
    const expected = await goBalancedRoot(chunks);
    const lines = await uploadFile(store.origin, TEST_AUTHORIZATION, 'big.bin', seededBytes(42, size));
    expect(lines).toEqual([{ Name: 'big.bin', Hash: expected.cid.toString(), Size: String(expected.tsize) }]);

    const hash = crypto.createHash('sha256');
    for (const chunk of chunks) hash.update(chunk);
    const served = crypto.createHash('sha256');
    let servedBytes = 0;
    for await (const chunk of ipfs.cat(expected.cid)) {
      served.update(chunk);
      servedBytes += chunk.byteLength;
    }
    expect(servedBytes).toBe(size);
    expect(served.digest('hex')).toBe(hash.digest('hex'));

    const root = (await ipfs.dag.get(expected.cid)).value as { Links: { Tsize: number }[] };
    expect(root.Links).toHaveLength(2);
    const links = await collect(ipfs.ls(expected.cid));
    expect(links.map((link) => link.size)).toEqual([174 * 262_144, 6 * 262_144 + 1234]);
  }, 60_000);
});
