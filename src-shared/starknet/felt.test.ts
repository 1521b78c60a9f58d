import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shortString, uint256 } from 'starknet';
import { ADDRESS_BOUND, encodeCalldata, encodeFeltArg, feltAsShortString, FIELD_PRIME, isFeltList, parseFelt, readFelts } from './felt';

describe('encodeFeltArg', () => {
  it.each([
    [{ kind: 'felt', text: '0' }, ['0x0']],
    [{ kind: 'felt', text: '1_000' }, ['0x3e8']],
    [{ kind: 'felt', text: '0x00ff' }, ['0xff']],
    [{ kind: 'felt', text: (FIELD_PRIME - 1n).toString() }, [`0x${(FIELD_PRIME - 1n).toString(16)}`]],
    [{ kind: 'u256', text: '5' }, ['0x5', '0x0']],
    [{ kind: 'u256', text: (2n ** 128n + 42n).toString() }, ['0x2a', '0x1']],
    [{ kind: 'u256', text: `0x${'f'.repeat(64)}` }, [`0x${'f'.repeat(32)}`, `0x${'f'.repeat(32)}`]],
    [{ kind: 'shortString', text: 'SN_MAIN' }, ['0x534e5f4d41494e']],
    [{ kind: 'shortString', text: 'hello world' }, ['0x68656c6c6f20776f726c64']],
    [{ kind: 'address', text: '0x049d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7' }, ['0x49d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7']],
  ] as const)('%j is %j', (arg, felts) => {
    expect(encodeFeltArg(arg)).toEqual({ ok: true, felts });
  });

  it.each([
    [{ kind: 'felt', text: '' }, /empty/],
    [{ kind: 'felt', text: '-1' }, /whole number/],
    [{ kind: 'felt', text: '1.5' }, /whole number/],
    [{ kind: 'felt', text: FIELD_PRIME.toString() }, /field prime/],
    [{ kind: 'u256', text: (2n ** 256n).toString() }, /at most 2\^256 - 1/],
    [{ kind: 'u256', text: 'ten' }, /whole number/],
    [{ kind: 'shortString', text: '' }, /at least one character/],
    [{ kind: 'shortString', text: 'x'.repeat(32) }, /at most 31 characters \(this one has 32\)/],
    [{ kind: 'shortString', text: 'café' }, /printable ASCII/],
    [{ kind: 'address', text: '12' }, /0x followed by up to 64 hex digits/],
    [{ kind: 'address', text: `0x${ADDRESS_BOUND.toString(16)}` }, /below 2\^251/],
  ] as const)('refuses %j', (arg, message) => {
    expect(encodeFeltArg(arg)).toMatchObject({ ok: false, message: expect.stringMatching(message) });
  });

  it('says which argument is wrong', () => {
    expect(encodeCalldata([{ kind: 'felt', text: '1' }, { kind: 'u256', text: 'x' }])).toMatchObject({ ok: false, index: 1 });
    expect(encodeCalldata([{ kind: 'felt', text: '1' }, { kind: 'u256', text: '2' }])).toEqual({ ok: true, felts: ['0x1', '0x2', '0x0'] });
  });
});

describe('reading felts back', () => {
  it('reads a u256 written as two felts back as the number (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), (value) => {
        const encoded = encodeFeltArg({ kind: 'u256', text: value.toString() });
        expect(encoded.ok).toBe(true);
        if (encoded.ok) expect(readFelts(encoded.felts)[0]!.u256WithNext).toBe(value.toString());
      }),
    );
  });

  it('reads a short string back (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_ -!'.split('')), minLength: 1, maxLength: 31 }), (text) => {
        const encoded = encodeFeltArg({ kind: 'shortString', text });
        expect(encoded.ok).toBe(true);
        if (encoded.ok) expect(feltAsShortString(encoded.felts[0]!)).toBe(text);
      }),
    );
  });

  it('writes every felt below the prime in the spec form, and refuses it at the prime (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: FIELD_PRIME - 1n }), fc.boolean(), (value, hex) => {
        const parsed = parseFelt(hex ? `0x${value.toString(16)}` : value.toString());
        expect(parsed).toEqual({ ok: true, felt: `0x${value.toString(16)}` });
        if (parsed.ok) expect(isFeltList([parsed.felt])).toBe(true);
      }),
    );
    expect(parseFelt(`0x${FIELD_PRIME.toString(16)}`).ok).toBe(false);
  });

  it('reads each way: hex, decimal, address, short string, u256 with the next, signed', () => {
    const [first, second, third] = readFelts(['0x4574686572', '0x1', `0x${(FIELD_PRIME - 5n).toString(16)}`]);
    expect(first).toEqual({ hex: '0x4574686572', decimal: '298305742194', address: `0x${'4574686572'.padStart(64, '0')}`, shortString: 'Ether', u256WithNext: (2n ** 128n + 0x4574686572n).toString() });
    expect(second!.shortString).toBeUndefined(); // \x01 is not printable
    expect(second!.u256WithNext).toBeUndefined(); // the next felt is wider than 128 bits
    expect(third!.signed).toBe('-5');
    expect(third!.address).toBeUndefined();
  });

  it('says what is not a felt list', () => {
    expect(isFeltList(['0x0', '0x1a'])).toBe(true);
    for (const bad of [['0x01'], ['1'], [1], '0x1', [`0x${FIELD_PRIME.toString(16)}`], [null]]) expect(isFeltList(bad)).toBe(false);
  });
});

// starknet.js is the reference these were computed with before: the same felts for any u256 and any short string.
describe('the same felts as starknet.js', () => {
  it('splits any u256 into its low and high halves as uint256.bnToUint256 does, and reads them back as uint256ToBN', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), (value) => {
        const { low, high } = uint256.bnToUint256(value);
        const encoded = encodeFeltArg({ kind: 'u256', text: value.toString() });
        expect(encoded).toEqual({ ok: true, felts: [`0x${BigInt(low).toString(16)}`, `0x${BigInt(high).toString(16)}`] });
        if (!encoded.ok) return;
        expect(readFelts(encoded.felts)[0]!.u256WithNext).toBe(uint256.uint256ToBN({ low, high }).toString(10));
      }),
    );
  });

  it('packs any short string as shortString.encodeShortString does', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i))), minLength: 1, maxLength: 31 }), (text) => {
        expect(encodeFeltArg({ kind: 'shortString', text })).toEqual({ ok: true, felts: [`0x${BigInt(shortString.encodeShortString(text)).toString(16)}`] });
      }),
    );
  });
});
