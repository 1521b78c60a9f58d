import fc from 'fast-check';
import { encodeEventTopics, parseAbiItem, type AbiEvent } from 'viem';
import { describe, expect, it } from 'vitest';
import { encodeIndexedValue, eventChoiceFromSignature, eventSignatureProblem } from './eventTopics';

const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const CHECKSUMMED = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';

/** What viem puts in topic 1 for an event with one indexed argument of `type` holding `value`. */
function viemTopic(type: string, value: unknown): string {
  const event = parseAbiItem(`event E(${type} indexed v)`) as AbiEvent;
  return encodeEventTopics({ abi: [event], eventName: 'E', args: { v: value } } as never)[1] as string;
}

function problem(type: string, text: string): string {
  const result = encodeIndexedValue(type, text);
  return 'problem' in result ? result.problem : `no problem: ${result.topic}`;
}

describe('eventChoiceFromSignature', () => {
  it('reads a full declaration with names and indexed flags', () => {
    expect(eventChoiceFromSignature('event Transfer(address indexed from, address indexed to, uint256 value);', 'imported')).toEqual({
      name: 'Transfer',
      signature: 'Transfer(address,address,uint256)',
      topic0: TRANSFER_TOPIC,
      inputs: [
        { name: 'from', type: 'address', indexed: true },
        { name: 'to', type: 'address', indexed: true },
        { name: 'value', type: 'uint256', indexed: false },
      ],
      source: 'imported',
    });
  });

  it('reads a bare signature, whose indexed flags are unknown', () => {
    const choice = eventChoiceFromSignature('Transfer(address,address,uint256)', 'signatures');
    expect(choice).toMatchObject({ signature: 'Transfer(address,address,uint256)', topic0: TRANSFER_TOPIC, source: 'signatures' });
    expect(choice?.inputs.map((input) => input.indexed)).toEqual([null, null, null]);
  });

  it.each([
    ['spaces around names and commas', '  Transfer ( address  indexed from ,address indexed to,  uint256 value ) '],
    ['the uint alias', 'Transfer(address indexed from, address indexed to, uint value)'],
    ['newlines', 'event Transfer(\n  address indexed from,\n  address indexed to,\n  uint256 value\n)'],
  ])('normalises %s to the canonical signature', (_, text) => {
    expect(eventChoiceFromSignature(text, 'imported')).toMatchObject({ signature: 'Transfer(address,address,uint256)', topic0: TRANSFER_TOPIC });
  });

  it('writes tuples in canonical form, in the signature and the input types', () => {
    const choice = eventChoiceFromSignature('Swap((uint256 a, address b) indexed key, string[] notes)', 'metadata');
    expect(choice).toMatchObject({ signature: 'Swap((uint256,address),string[])', inputs: [{ type: '(uint256,address)', indexed: true }, { type: 'string[]', indexed: false }] });
  });

  it('refuses what is not a (findable) event with a specific sentence', () => {
    expect(eventSignatureProblem('Transfer(address,address,uint256)')).toBeUndefined();
    const message = (text: string) => {
      expect(eventChoiceFromSignature(text, 'imported')).toBeNull();
      return eventSignatureProblem(text);
    };
    expect(message('Transfer(address')).toMatchInlineSnapshot(
      `""Transfer(address" is not an event signature. Write it like Transfer(address indexed from, address indexed to, uint256 value), or bare: Transfer(address,address,uint256)."`,
    );
    expect(message('Foo(uint257 a)')).toMatchInlineSnapshot(`""uint257" is not a Solidity type, in "Foo(uint257 a)"."`);
    expect(message('Foo(uint256 indexed a) anonymous')).toMatchInlineSnapshot(`""Foo(uint256 indexed a) anonymous" is anonymous: its logs have no topic0, so it cannot be found by its signature."`);
    expect(message('Foo(uint8 indexed a, uint8 indexed b, uint8 indexed c, uint8 indexed d)')).toMatchInlineSnapshot(
      `""Foo(uint8 indexed a, uint8 indexed b, uint8 inde…" has 4 indexed arguments; an event has at most three (topic0 is its signature)."`,
    );
    expect(message('Foo(uint8 a)\u202E')).toMatchInlineSnapshot(`""Foo(uint8 a)\\u{202E}" is not an event signature. Write it like Transfer(address indexed from, address indexed to, uint256 value), or bare: Transfer(address,address,uint256)."`);
  });

  it('never throws (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: fc.constantFrom(...'Fo(),[] uint8 indexed address tuple'.split('')) })), (text) => {
        const problem = eventSignatureProblem(text);
        expect(eventChoiceFromSignature(text, 'signatures') === null).toBe(problem !== undefined);
        if (problem !== undefined) expect(problem.length).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });
});

describe('encodeIndexedValue', () => {
  it.each([
    ['address', CHECKSUMMED, CHECKSUMMED],
    ['address', CHECKSUMMED.toLowerCase(), CHECKSUMMED],
    ['address', `0x${CHECKSUMMED.slice(2).toUpperCase()}`, CHECKSUMMED],
    ['bool', 'true', true],
    ['bool', 'False', false],
    ['uint256', '0', 0n],
    ['uint256', '1000000000000000000', 10n ** 18n],
    ['uint256', '0xff', 255n],
    ['uint256', (2n ** 256n - 1n).toString(), 2n ** 256n - 1n],
    ['uint8', '255', 255n],
    ['uint', '7', 7n],
    ['int8', '-128', -128n],
    ['int8', '127', 127n],
    ['int256', '-1', -1n],
    ['int64', '-0x10', -16n],
    ['int', '-42', -42n],
    ['bytes4', '0xa9059cbb', '0xa9059cbb'],
    ['bytes32', `0x${'ab'.repeat(32)}`, `0x${'ab'.repeat(32)}`],
    ['bytes1', '0x0F', '0x0f'],
    ['string', 'hello', 'hello'],
    ['string', '', ''],
    ['string', ' spaces kept ', ' spaces kept '],
    ['string', 'héllo 🦊', 'héllo 🦊'],
    ['bytes', '0xdeadbeef', '0xdeadbeef'],
    ['bytes', '0x', '0x'],
  ])('%s %j gives the topic viem gives', (type, text, value) => {
    expect(encodeIndexedValue(type, text)).toEqual({ topic: viemTopic(type, value) });
  });

  // viem refuses arrays and tuples; these topics are what solc 0.8.37 logged on Anvil for the same values.
  it.each([
    ['uint256[]', `[1, 2, "${2n ** 256n - 1n}"]`, '0x7906e07848bcd4fce33a66745e2ebc6f8232204d4612408ec82f78dc8ef89528'],
    ['string[]', '["hi", "", "a string that is longer than thirty-two bytes, surely"]', '0x6d0a908fc32112c14d474ac8be9ce232f4ea8dfb31902112ff84e0ad86c8ffcd'],
    ['(uint256,string)', '[7, "seven"]', '0xd8cafe371b8a7dd47c5c7c366cf618d05d55a1c42ef78e44345c9f986eef22ce'],
    ['(address,bool,int8)[]', '[["0x1234567890123456789012345678901234567890", true, -5], ["0x0000000000000000000000000000000000000000", false, 127]]', '0xcb923bed5d7d0b17d14bb6539ae3ecbcc2302c0ea568616fa2d6d09a7d0cd549'],
    ['int8[2]', '[-128, -1]', '0x92e25904379d3aaf85e8d70c5837590039334f7030d2617620c9ec98bc36492f'],
    ['bytes[]', '["0x01", "0x"]', '0x48078cfed56339ea54962e72c37c7f588fc4f8e5bc173827ba75cb10a63a96a5'],
    ['uint256[][]', '[[9], []]', '0x6e1540171b6c0c960b71a7020d9f60077f6af931a8bbf590da0223dacf75c7af'],
    ['((uint256,string),bytes3[])', '[[1, "x"], ["0xabcdef"]]', '0xf4cc972fd3093f93e522c5d6355e94028eaae0812b9223d1d8a63317939f7fd2'],
  ])('%s %s gives the topic Solidity logs', (type, text, topic) => {
    expect(encodeIndexedValue(type, text)).toEqual({ topic });
  });

  it('trims the text of value types, never of a string', () => {
    expect(encodeIndexedValue('uint256', ' 5 ')).toEqual({ topic: viemTopic('uint256', 5n) });
    expect(encodeIndexedValue('string', ' 5 ')).toEqual({ topic: viemTopic('string', ' 5 ') });
  });

  it('refuses each bad value with a specific sentence', () => {
    expect(problem('address', '0x1234')).toMatchInlineSnapshot(`""0x1234" is not an address: 0x and 40 hex digits."`);
    expect(problem('address', CHECKSUMMED.replace('d8dA', 'd8Da'))).toMatchInlineSnapshot(
      `""0xd8Da6BF26964aF9D7eEd9e03E53415D37aA96045" has a bad checksum: a character may be mistyped. Check it, or paste it in all lowercase to skip the check."`,
    );
    expect(problem('bool', 'yes')).toMatchInlineSnapshot(`""yes" is not a bool: type true or false."`);
    expect(problem('uint256', '1.5')).toMatchInlineSnapshot(`""1.5" is not a number: uint256 takes a decimal or 0x hex integer."`);
    expect(problem('uint256', '')).toMatchInlineSnapshot(`""" is not a number: uint256 takes a decimal or 0x hex integer."`);
    expect(problem('uint8', '256')).toMatchInlineSnapshot(`""256" is out of range for uint8 (0 to 255)."`);
    expect(problem('uint256', '-1')).toMatchInlineSnapshot(`""-1" is out of range for uint256 (0 to 2^256 − 1)."`);
    expect(problem('uint256', (2n ** 256n).toString())).toMatchInlineSnapshot(
      `""115792089237316195423570985008687907853269984665…" is out of range for uint256 (0 to 2^256 − 1)."`,
    );
    expect(problem('int8', '-129')).toMatchInlineSnapshot(`""-129" is out of range for int8 (-128 to 127)."`);
    expect(problem('int128', `0x${'f'.repeat(32)}`)).toMatchInlineSnapshot(`""0xffffffffffffffffffffffffffffffff" is out of range for int128 (−2^127 to 2^127 − 1)."`);
    expect(problem('uint256', '9'.repeat(100_000))).toMatch(/is out of range for uint256/);
    expect(problem('bytes4', '0x1234')).toMatchInlineSnapshot(`""0x1234" has 4 hex digits; bytes4 takes exactly 8 (4 bytes)."`);
    expect(problem('bytes4', 'hello')).toMatchInlineSnapshot(`""hello" is not hex: bytes4 takes 0x and exactly 8 hex digits."`);
    expect(problem('bytes', '0x123')).toMatchInlineSnapshot(`""0x123" is not bytes: 0x and an even number of hex digits."`);
    expect(problem('uint256[]', '1, 2')).toMatchInlineSnapshot(`""1, 2" is not a JSON list: uint256[] is typed like a JSON list, [1, 1]."`);
    expect(problem('uint256[2]', '[1]')).toMatchInlineSnapshot(`"uint256[2] takes exactly 2 items; this list has 1."`);
    expect(problem('(uint256,address)', '{"a": 1}')).toMatchInlineSnapshot(
      `""{\\"a\\":1}" is not a list: (uint256,address) is typed like a JSON list of its 2 fields, [1, "0x…"]."`,
    );
    expect(problem('(uint256,string)', '[1, 2]')).toMatchInlineSnapshot(`"At [1]: "2" is not a string: write it in double quotes."`);
    expect(problem('uint8[][]', '[[1], [300]]')).toMatchInlineSnapshot(`"At [1][0]: "300" is out of range for uint8 (0 to 255)."`);
    expect(problem('uint256[]', '[1e300]')).toMatchInlineSnapshot(`"At [0]: 1e+300 is past what a JSON number holds exactly (2^53): write it in double quotes."`);
    expect(problem('uint256[]', '[null]')).toMatchInlineSnapshot(`"At [0]: "null" is not a value: write a number, true or false, or text in double quotes."`);
    expect(problem('tuple', '[]')).toMatchInlineSnapshot(`""tuple" is not a type an indexed argument can have."`);
    expect(problem('uint7', '1')).toMatchInlineSnapshot(`""uint7" is not a type an indexed argument can have."`);
  });

  it('never throws, whatever the type and text (property)', () => {
    const type = fc.constantFrom('address', 'bool', 'uint8', 'int16', 'uint256', 'bytes2', 'bytes', 'string', 'uint8[]', '(bool,string)[2]', 'x', '');
    fc.assert(
      fc.property(type, fc.oneof(fc.string(), fc.json()), (t, text) => {
        const result = encodeIndexedValue(t, text);
        if ('topic' in result) expect(result.topic).toMatch(/^0x[0-9a-f]{64}$/);
        else expect(result.problem.length).toBeGreaterThan(0);
      }),
      { numRuns: 500 },
    );
  });

  it('agrees with viem for every intN and uintN value in range (property)', () => {
    const bits = fc.integer({ min: 1, max: 32 }).map((n) => n * 8);
    fc.assert(
      fc.property(bits, fc.boolean(), fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), (n, signed, raw) => {
        const value = signed ? BigInt.asIntN(n, raw) : BigInt.asUintN(n, raw);
        const type = `${signed ? 'int' : 'uint'}${n}`;
        expect(encodeIndexedValue(type, value.toString())).toEqual({ topic: viemTopic(type, value) });
      }),
      { numRuns: 300 },
    );
  });
});
