import { describe, expect, it } from 'vitest';
import { describeQuery } from './describeQuery';

const HASH = '0x' + 'ab'.repeat(32);
const ADDRESS = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const DEMO_CID = 'QmdDsoYecH3nyvbJ5S2Ta3zd7PKPDEqYV51dMiJx6xHhte';
const words = (query: string) => {
  const said = describeQuery(query);
  return said ? `${said.tone}: ${said.words}` : 'nothing';
};

describe('describeQuery', () => {
  it('says nothing for an empty box', () => {
    expect(words('')).toBe('nothing');
    expect(words('   ')).toBe('nothing');
  });

  it('names what a complete query looks like', () => {
    expect(words(HASH)).toBe('target: Looks like a transaction hash (or a block hash)');
    expect(words(ADDRESS)).toBe('target: Looks like an address');
    expect(words('1234567')).toBe('target: Looks like a block number: block 1,234,567');
    expect(words('latest')).toBe('target: Looks like a block tag: the latest block');
    expect(words(DEMO_CID)).toBe('target: Looks like a CID (version 0)');
    expect(words(`ipfs://${DEMO_CID}/a.txt`)).toBe('target: Looks like a CID (version 0), path "/a.txt"');
  });

  it('names a hash pasted with a space inside as the hash it is', () => {
    expect(words(`${HASH.slice(0, 30)} ${HASH.slice(30)}`)).toBe('target: Looks like a transaction hash (or a block hash)');
  });

  it('counts the characters a hash or an address lacks or has too many, in the right number', () => {
    expect(words(HASH.slice(0, -3))).toBe('short: 61 hex digits: 3 characters short of a hash');
    expect(words(HASH.slice(0, -1))).toBe('short: 63 hex digits: 1 character short of a hash');
    expect(words(`${ADDRESS}ab`)).toBe('short: 42 hex digits: 2 characters too many for an address');
    expect(words(`${ADDRESS}a`)).toBe('short: 41 hex digits: 1 character too many for an address');
    expect(words(ADDRESS.slice(0, -1))).toBe('short: 39 hex digits: 1 character short of an address');
    expect(words(`${HASH}ff`)).toBe('short: 66 hex digits: 2 characters too many for a hash');
    expect(words('0x')).toBe('short: Type the hex digits: 64 for a hash, 40 for an address');
    // Without 0x: a long run of hex with a letter in it is a hash begun; digits alone are a block number.
    expect(words(HASH.slice(2, -3))).toBe('short: 61 hex digits: 3 characters short of a hash');
  });

  it('counts the characters a CID being typed lacks or has too many', () => {
    expect(words(DEMO_CID.slice(0, -2))).toBe('short: 2 characters short of a CID (version 0 is 46 characters)');
    expect(words('bafybeig5emfr4e3t3ltfylq7euk4dktedtt5wvwyo467q6hnlbabmelbu')).toBe('short: 1 character short of a CID (version 1 is 59 characters)');
    // Words that merely start like a CID are not counted: "Qmail" has an l, which base58 leaves out.
    expect(words('Qmail')).toBe('short: Not a block number, hash, address or CID');
  });

  it('says what cannot become a value as it stands', () => {
    expect(words('0x12z')).toBe('problem: “z” is not a hex digit; hashes and addresses use only 0-9 and a-f.');
    expect(words('-5')).toBe('problem: A block number cannot be negative.');
    expect(words('hello')).toBe('short: Not a block number, hash, address or CID');
  });
});
