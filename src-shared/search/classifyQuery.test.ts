import { describe, expect, it } from 'vitest';
import { classifyQuery, UNRECOGNISED_MESSAGE } from './classifyQuery';

const CHECKSUMMED = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const HASH = '0x' + 'ab'.repeat(32);
const DEMO_CID = 'QmdDsoYecH3nyvbJ5S2Ta3zd7PKPDEqYV51dMiJx6xHhte';
const DEMO_CID_V1 = 'bafybeig5emfr4e3t3ltfylq7euk4dktedtt5wvwyo467q6hnlbabmelbum';

describe('classifyQuery recognises', () => {
  it.each([
    ['123', 123n],
    ['0', 0n],
    ['  42  ', 42n],
    ['007', 7n],
    ['0x7b', 123n],
    ['0X7B', 123n],
    ['0xffffffffffffffff', 2n ** 64n - 1n],
    ['18446744073709551615', 2n ** 64n - 1n],
  ])('%j as block %s', (query, number) => {
    expect(classifyQuery(query)).toEqual({ kind: 'block', number });
  });

  it.each(['latest', 'earliest', 'pending', 'safe', 'finalized'])('the tag %s', (tag) => {
    expect(classifyQuery(tag)).toEqual({ kind: 'blockTag', tag });
    expect(classifyQuery(tag.toUpperCase())).toEqual({ kind: 'blockTag', tag });
  });

  it('a 32-byte hash, lowercased, with or without 0x', () => {
    expect(classifyQuery(HASH.toUpperCase().replace('0X', '0x'))).toEqual({ kind: 'hash', hash: HASH });
    expect(classifyQuery(HASH.slice(2))).toEqual({ kind: 'hash', hash: HASH });
  });

  it('a 20-byte address in any unchecked case, answered checksummed', () => {
    expect(classifyQuery(CHECKSUMMED.toLowerCase())).toEqual({ kind: 'address', address: CHECKSUMMED });
    expect(classifyQuery('0x' + CHECKSUMMED.slice(2).toUpperCase())).toEqual({ kind: 'address', address: CHECKSUMMED });
    expect(classifyQuery(CHECKSUMMED)).toEqual({ kind: 'address', address: CHECKSUMMED });
    expect(classifyQuery(CHECKSUMMED.slice(2).toLowerCase())).toEqual({ kind: 'address', address: CHECKSUMMED });
  });

  it('CIDv0 and CIDv1 (base32), also as ipfs:// and /ipfs/ paths', () => {
    expect(classifyQuery(DEMO_CID)).toEqual({ kind: 'cid', cid: DEMO_CID, version: 0 });
    expect(classifyQuery(DEMO_CID_V1)).toEqual({ kind: 'cid', cid: DEMO_CID_V1, version: 1 });
    expect(classifyQuery(`ipfs://${DEMO_CID}/docs/README.md`)).toEqual({ kind: 'cid', cid: DEMO_CID, version: 0, path: 'docs/README.md' });
    expect(classifyQuery(`/ipfs/${DEMO_CID_V1}/`)).toEqual({ kind: 'cid', cid: DEMO_CID_V1, version: 1 });
  });

  it('a hash, an address, a block number or a CID pasted with spaces or line breaks inside', () => {
    expect(classifyQuery(`${HASH.slice(0, 20)} ${HASH.slice(20)}`)).toEqual({ kind: 'hash', hash: HASH });
    expect(classifyQuery(`${HASH.slice(0, 33)}\n${HASH.slice(33, 50)}\r\n\t${HASH.slice(50)}`)).toEqual({ kind: 'hash', hash: HASH });
    expect(classifyQuery(`0x f39fd6e51aad88f6f4ce6ab8827279cfffb92266`)).toEqual({ kind: 'address', address: CHECKSUMMED });
    expect(classifyQuery(`${CHECKSUMMED.slice(2, 20)} ${CHECKSUMMED.slice(20)}`)).toEqual({ kind: 'address', address: CHECKSUMMED });
    expect(classifyQuery('1 234 567')).toEqual({ kind: 'block', number: 1234567n });
    expect(classifyQuery(`${DEMO_CID.slice(0, 23)}\n${DEMO_CID.slice(23)}`)).toEqual({ kind: 'cid', cid: DEMO_CID, version: 0 });
  });

  it('keeps the spaces of text where they mean something', () => {
    // A CID's path may name a file with a space; an ENS name with one is quoted as typed.
    expect(classifyQuery(`${DEMO_CID}/my notes.txt`)).toEqual({ kind: 'cid', cid: DEMO_CID, version: 0, path: 'my notes.txt' });
    expect(classifyQuery('vitalik .eth')).toMatchObject({ kind: 'invalid', reason: 'unrecognised' });
    expect(classifyQuery('late st')).toMatchObject({ kind: 'invalid', reason: 'unrecognised' });
  });

  it('nothing in an empty or blank box', () => {
    expect(classifyQuery('')).toEqual({ kind: 'empty' });
    expect(classifyQuery(' \t\n')).toEqual({ kind: 'empty' });
  });
});

describe('classifyQuery explains what it refuses', () => {
  const message = (query: string) => {
    const result = classifyQuery(query);
    return result.kind === 'invalid' ? `${result.reason}: ${result.message}` : `not invalid: ${result.kind}`;
  };

  it('garbage', () => {
    expect(message('hello world')).toMatchInlineSnapshot(`"unrecognised: Not a block number, hash, address or CID"`);
    expect(message('block')).toBe(`unrecognised: ${UNRECOGNISED_MESSAGE}`);
    expect(message('bad')).toBe(`unrecognised: ${UNRECOGNISED_MESSAGE}`);
    expect(message('Qm')).toBe(`unrecognised: ${UNRECOGNISED_MESSAGE}`);
  });

  it('hex of a length that is neither a hash, an address nor a block number', () => {
    expect(message('0x' + 'a'.repeat(30))).toMatchInlineSnapshot(`"hexLength: 0x… has 30 hex digits; a hash has 64 and an address 40."`);
    expect(message('0x' + 'a'.repeat(63))).toMatchInlineSnapshot(`"hexLength: 0x… has 63 hex digits; a hash has 64 and an address 40."`);
    expect(message('0x')).toMatchInlineSnapshot(`"hexLength: 0x… has 0 hex digits; a hash has 64 and an address 40."`);
  });

  it('characters that are not hex digits after 0x', () => {
    expect(message('0x12g4')).toMatchInlineSnapshot(`"hexDigits: “g” is not a hex digit; hashes and addresses use only 0-9 and a-f."`);
    expect(message('0x12\u200b34')).toMatchInlineSnapshot(`"hexDigits: “U+200B” is not a hex digit; hashes and addresses use only 0-9 and a-f."`);
    // A space is dropped after 0x (see below), so the first real stray character is the one named.
    expect(message('0x12 3z')).toMatchInlineSnapshot(`"hexDigits: “z” is not a hex digit; hashes and addresses use only 0-9 and a-f."`);
  });

  it('a mixed-case address whose checksum is wrong', () => {
    const flipped = CHECKSUMMED.slice(0, -1) + CHECKSUMMED.slice(-1).toUpperCase().replace('6', 'F');
    const wrong = CHECKSUMMED.replace('f39F', 'f39f');
    expect(message(wrong)).toMatchInlineSnapshot(
      `"checksum: Bad address checksum: a character may be mistyped. Check the address, or paste it in all lowercase to skip the check."`,
    );
    expect(classifyQuery(flipped).kind).toBe('invalid');
  });

  it('block numbers past uint64 and below zero', () => {
    expect(message('18446744073709551616')).toMatchInlineSnapshot(`"blockTooLarge: "18446744073709551616" is too large for a block number (the largest is 2^64 − 1)."`);
    expect(message('-1')).toMatchInlineSnapshot(`"negative: A block number cannot be negative."`);
  });

  it('strings shaped like a CID that do not decode', () => {
    expect(message('Qm' + '1'.repeat(44))).toMatch(/^badCid: "Qm1{44}" looks like a CID but is not a valid one/);
    expect(message('b' + 'a'.repeat(58))).toMatch(/^badCid: /);
  });

  it('ENS names, which are not resolved', () => {
    expect(message('vitalik.eth')).toMatchInlineSnapshot(`"ens: "vitalik.eth" looks like an ENS name; names are not resolved yet. Search for its address instead."`);
    // A pasted megabyte is quoted in a few dozen characters, not in full.
    const pasted = message(`${'a'.repeat(1024 * 1024)}.eth`);
    expect(pasted).toBe(`ens: "${'a'.repeat(48)}…" looks like an ENS name; names are not resolved yet. Search for its address instead.`);
  });
});
