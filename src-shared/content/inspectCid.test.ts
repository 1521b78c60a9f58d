import fc from 'fast-check';
import { base32 } from 'multiformats/bases/base32';
import { CID } from 'multiformats/cid';
import * as Digest from 'multiformats/hashes/digest';
import { describe, expect, it } from 'vitest';
import { contentArg, contentRoute, parseContentPath } from './contentPath';
import { inspectCid } from './inspectCid';

describe('inspectCid', () => {
  it('takes a CIDv0 apart and gives its CIDv1 (SERVICE-FACTS: hello world)', () => {
    const inspected = inspectCid('QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o');
    expect(inspected).toEqual({
      ok: true,
      facts: {
        cid: 'QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o',
        version: 0,
        multibase: { name: 'base58btc (implicit)', prefix: '' },
        codec: { name: 'dag-pb', code: 0x70 },
        // The digest as multiformats reads it from the same text.
        multihash: { name: 'sha2-256', code: 0x12, length: 32, digestHex: Buffer.from(CID.parse('QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o').multihash.digest).toString('hex') },
        other: { version: 1, cid: 'bafybeicg2rebjoofv4kbyovkw7af3rpiitvnl6i7ckcywaq6xjcxnc2mby' },
      },
    });
  });

  it('gives a CIDv1 dag-pb its v0 form, and says why a raw CID has none', () => {
    const v1 = inspectCid('bafybeicg2rebjoofv4kbyovkw7af3rpiitvnl6i7ckcywaq6xjcxnc2mby');
    expect(v1.ok && v1.facts.other).toEqual({ version: 0, cid: 'QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o' });
    expect(v1.ok && v1.facts.multibase).toEqual({ name: 'base32', prefix: 'b' });
    const raw = inspectCid('bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy');
    expect(raw.ok && raw.facts.codec).toEqual({ name: 'raw', code: 0x55 });
    expect(raw.ok && raw.facts.other).toEqual({ version: 0, none: 'No version 0 form: version 0 CIDs are dag-pb only, and this is raw.' });
  });

  it.each([
    ['', 'Enter a CID (Qm… or bafy…), optionally followed by a path.'],
    ['QmThisIsNotAValidCid', '"QmThisIsNotAValidCid" is not a valid CID: a version 0 CID (Qm…) is exactly 46 characters, this has 20.'],
    ['0x1234', '"0x1234" is hex, not a CID: a CID starts with Qm (version 0) or a multibase letter such as b (version 1).'],
    ['QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff50', '"QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff50" is not a valid CID: base58 has no 0, O, I or l.'],
    ['hello', '"hello" is not a CID: version 1 CIDs start with a multibase letter (b for base32, k for base36, z for base58btc), not "h".'],
    ['Qm T78', '"QmT78" is not a valid CID: a version 0 CID (Qm…) is exactly 46 characters, this has 5.'],
  ])('says what is wrong with %j', (text, message) => {
    expect(inspectCid(text)).toEqual({ ok: false, message });
  });

  it('reads a CID pasted with spaces or a line break inside as the one word it is', () => {
    const whole = 'bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy';
    const pasted = inspectCid(`  ${whole.slice(0, 20)} ${whole.slice(20, 40)}\n${whole.slice(40)} `);
    expect(pasted.ok && pasted.facts.cid).toBe(whole);
  });

  it('refuses a base32 text that decodes to no CID, with the reason', () => {
    const inspected = inspectCid('bafyNOTbase32!');
    expect(inspected.ok).toBe(false);
    expect(!inspected.ok && inspected.message).toMatch(/^"bafyNOTbase32!" is not a valid CID/);
  });

  it('never throws, and every CID it accepts parses the same with multiformats (fuzz)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (text) => {
        const inspected = inspectCid(text);
        if (inspected.ok) expect(CID.parse(inspected.facts.cid, inspected.facts.multibase.prefix === 'b' ? base32 : undefined).version).toBe(inspected.facts.version);
        else expect(inspected.message.length).toBeGreaterThan(0);
      }),
      { numRuns: 2000 },
    );
  });

  it('round-trips any sha2-256 dag-pb CID through the other version (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (digest) => {
        const v0 = CID.createV0(Digest.create(0x12, digest));
        const there = inspectCid(v0.toString());
        expect(there.ok).toBe(true);
        const v1 = (there as { ok: true; facts: { other: { cid: string } } }).facts.other.cid;
        const back = inspectCid(v1);
        expect(back.ok && back.facts.other).toEqual({ version: 0, cid: v0.toString() });
        expect(back.ok && back.facts.multihash.digestHex).toBe(Buffer.from(digest).toString('hex'));
      }),
      { numRuns: 300 },
    );
  });
});

describe('parseContentPath', () => {
  const cid = 'QmdDsoYecH3nyvbJ5S2Ta3zd7PKPDEqYV51dMiJx6xHhte';
  it.each([
    [cid, []],
    [`${cid}/docs/guide`, ['docs', 'guide']],
    [`/ipfs/${cid}/a%20b/`, ['a b']],
    [`ipfs://${cid}/x`, ['x']],
    [`https://gateway.example/ipfs/${cid}/README.md?filename=x`, ['README.md']],
  ])('reads %s', (text, segments) => {
    const parsed = parseContentPath(text);
    expect(parsed).toMatchObject({ ok: true, path: { cid, segments } });
  });

  it('refuses dot segments and broken escapes, and bad CIDs with their message', () => {
    expect(parseContentPath(`${cid}/../settings`)).toMatchObject({ ok: false, message: expect.stringMatching(/cannot contain "\." or "\.\."/) });
    expect(parseContentPath(`${cid}/%E0%A4%A`)).toMatchObject({ ok: false, message: expect.stringMatching(/broken %-escape/) });
    expect(parseContentPath('nope/a')).toMatchObject({ ok: false });
  });

  it("takes the root's name from a gateway's ?filename= or the app's own ?name=, cleaned", () => {
    expect(parseContentPath(`https://gateway.example/ipfs/${cid}?filename=hello.txt`)).toMatchObject({ ok: true, path: { cid, segments: [], name: 'hello.txt' } });
    expect(parseContentPath(`/content/${cid}`.replace('/content/', '') + '?name=my%20folder%2Fx')).toMatchObject({ ok: true, path: { name: 'my folder_x' } });
    const bare = parseContentPath(cid);
    expect(bare.ok && 'name' in bare.path).toBe(false);
  });

  it('routes and arguments escape each name', () => {
    expect(contentRoute(cid, ['a b', 'c#d'])).toBe(`/content/${cid}/a%20b/c%23d`);
    expect(contentRoute(cid, [], 'hello world.txt')).toBe(`/content/${cid}?name=hello%20world.txt`);
    expect(contentRoute(cid, ['docs'], 'a/b & c')).toBe(`/content/${cid}/docs?name=a_b%20%26%20c`);
    expect(contentRoute(cid, [], '\u0000')).toBe(`/content/${cid}`);
    expect(contentArg({ cid, segments: ['a', 'b'] })).toBe(`${cid}/a/b`);
  });
});
