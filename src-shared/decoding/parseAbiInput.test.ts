import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isUnsafeCharacter } from '../text/unsafeCharacter';
import { parseAbiInput } from './parseAbiInput';

const transferItem = { type: 'function', name: 'transfer', inputs: [{ name: 'to', type: 'address' }, { name: 'amount', type: 'uint256' }], outputs: [{ type: 'bool' }], stateMutability: 'nonpayable' };

describe('parseAbiInput', () => {
  it('reads a JSON ABI, a Foundry artifact, a Hardhat artifact and signatures', () => {
    expect(parseAbiInput(JSON.stringify([transferItem]))).toMatchObject({ ok: true, format: 'json', abi: [transferItem] });
    expect(parseAbiInput(JSON.stringify({ abi: [transferItem], bytecode: { object: '0x' } }))).toMatchObject({ ok: true, format: 'foundry' });
    expect(parseAbiInput(JSON.stringify({ contractName: 'Token', abi: [transferItem], bytecode: '0x' }))).toMatchObject({ ok: true, format: 'hardhat', contractName: 'Token' });
    const human = parseAbiInput('function transfer(address to, uint256 amount) returns (bool)\nevent Transfer(address indexed from, address indexed to, uint256 value);\n// a comment\nbalanceOf(address owner) view returns (uint256)\nerror Nope(uint256 code)');
    expect(human).toMatchObject({ ok: true, format: 'human-readable' });
    if (human.ok) expect(human.abi.map((item) => ('name' in item ? item.name : item.type))).toEqual(['transfer', 'Transfer', 'balanceOf', 'Nope']);
  });

  it('refuses what is not an ABI with a specific sentence', () => {
    expect(parseAbiInput('  ')).toEqual({ ok: false, message: 'Paste an ABI: a JSON ABI, a Foundry or Hardhat artifact, or signatures one per line.' });
    expect(parseAbiInput('[1,')).toMatchObject({ ok: false, message: expect.stringMatching(/^This looks like JSON but does not parse/) });
    expect(parseAbiInput('{"bytecode":"0x"}')).toEqual({ ok: false, message: 'This JSON object has no “abi” list: not a Foundry or Hardhat artifact.' });
    expect(parseAbiInput('[]')).toEqual({ ok: false, message: 'The ABI is empty.' });
    expect(parseAbiInput('[{"type":"function"}]')).toEqual({ ok: false, message: 'Item 1 of the ABI (function) has no name.' });
    expect(parseAbiInput('[{"type":"banana","name":"x"}]')).toMatchObject({ ok: false, message: expect.stringMatching(/^Item 1 of the ABI has type “banana”/) });
    expect(parseAbiInput('transfer(address to, uint256)\nnot a signature at all')).toMatchObject({ ok: false, message: expect.stringMatching(/^Line 2 is not a signature/) });
  });

  it('shows what it quotes neutralised: a bidi control or a lone surrogate pasted into an ABI is shown by its code (found by the contract fuzz)', () => {
    expect(parseAbiInput('a\u2067b\uDFFF')).toMatchObject({ ok: false, message: expect.stringContaining('“a\\u{2067}b\\u{DFFF}”') });
    expect(parseAbiInput('[{"type":"x\u202Ey"}]')).toMatchObject({ ok: false, message: expect.stringMatching(/^Item 1 of the ABI has type “x\\u\{202E\}y”/) });
    expect(parseAbiInput('[\u202E')).toMatchObject({ ok: false, message: expect.not.stringContaining('\u202E') });
  });

  it('never quotes an unsafe character, whatever is pasted (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), fc.constantFrom('', '[', '{"abi":[{"type":"'), (text, start) => {
        const result = parseAbiInput(`${start}${text}`);
        if (!result.ok) expect([...result.message].filter((char) => isUnsafeCharacter(char))).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });

  it('never throws, and every refusal has a sentence (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.string({ unit: fc.constantFrom(...'function ()[]{}",:a-z0-9 \n'.split('')) })), (text) => {
        const result = parseAbiInput(text);
        if (!result.ok) expect(result.message.length).toBeGreaterThan(0);
      }),
      { numRuns: 500 },
    );
  });
});
