import fc from 'fast-check';
import { decodeAbiParameters, encodeAbiParameters, type AbiParameter } from 'viem';
import { describe, expect, it } from 'vitest';
import { argsToForm, emptyFormValue, formToArgs, parseLeaf } from './abiForm';

const hex = (bytes: Uint8Array) => `0x${Buffer.from(bytes).toString('hex')}`;

/** An ABI parameter of any shape (leaves of every kind and width, tuples, fixed and dynamic arrays, nested) with a value of it. */
const leaf: fc.Arbitrary<{ parameter: AbiParameter; value: fc.Arbitrary<unknown> }> = fc.oneof(
  fc.constant({ parameter: { type: 'address' }, value: fc.uint8Array({ minLength: 20, maxLength: 20 }).map(hex) }),
  fc.constant({ parameter: { type: 'bool' }, value: fc.boolean() }),
  fc.constant({ parameter: { type: 'string' }, value: fc.string({ maxLength: 40 }) }),
  fc.constant({ parameter: { type: 'bytes' }, value: fc.uint8Array({ maxLength: 70 }).map(hex) }),
  fc.integer({ min: 1, max: 32 }).map((size) => ({ parameter: { type: `bytes${size}` }, value: fc.uint8Array({ minLength: size, maxLength: size }).map(hex) })),
  fc.integer({ min: 1, max: 32 }).map((bytes) => ({ parameter: { type: `uint${bytes * 8}` }, value: fc.bigInt({ min: 0n, max: 2n ** BigInt(bytes * 8) - 1n }) })),
  fc.integer({ min: 1, max: 32 }).map((bytes) => ({ parameter: { type: `int${bytes * 8}` }, value: fc.bigInt({ min: -(2n ** BigInt(bytes * 8 - 1)), max: 2n ** BigInt(bytes * 8 - 1) - 1n }) })),
);

const shaped = fc.letrec<{ node: { parameter: AbiParameter; value: fc.Arbitrary<unknown> } }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('node'), { minLength: 1, maxLength: 3 }).map((parts) => ({
      parameter: { type: 'tuple', components: parts.map((part, index) => ({ ...part.parameter, name: `c${index}` })) } as AbiParameter,
      value: fc.tuple(...parts.map((part) => part.value)),
    })),
    fc.tuple(tie('node'), fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined })).map(([inner, length]) => ({
      parameter: { ...inner.parameter, type: `${inner.parameter.type}[${length ?? ''}]` } as AbiParameter,
      value: fc.array(inner.value, length === undefined ? { maxLength: 3 } : { minLength: length, maxLength: length }),
    })),
  ),
})).node;

const withValues = fc.array(shaped, { minLength: 1, maxLength: 4 }).chain((nodes) =>
  fc.tuple(fc.constant(nodes.map((node) => node.parameter)), fc.tuple(...nodes.map((node) => node.value))),
);

describe('the call form', () => {
  it('round-trips every ABI type: values → calldata → form → calldata is the same bytes', () => {
    fc.assert(
      fc.property(withValues, ([parameters, values]) => {
        const encoded = encodeAbiParameters(parameters, values as unknown[]);
        const form = argsToForm(parameters, decodeAbiParameters(parameters, encoded) as unknown[]);
        const read = formToArgs(parameters, form);
        if (!read.ok) throw new Error(JSON.stringify(read.problems));
        expect(encodeAbiParameters(parameters, read.args)).toBe(encoded);
      }),
      { numRuns: 300 },
    );
  });

  it('names every empty field of a new form with its path and type', () => {
    const parameters: AbiParameter[] = [{ type: 'address', name: 'to' }, { type: 'tuple', name: 'order', components: [{ type: 'uint8', name: 'kind' }, { type: 'bytes32[2]', name: 'ids' }] }];
    const read = formToArgs(parameters, parameters.map(emptyFormValue));
    expect(read).toEqual({
      ok: false,
      problems: [
        { path: '0', message: 'Enter an address.' },
        { path: '1.0', message: 'Enter a uint8.' },
        { path: '1.1.0', message: 'Enter a bytes32.' },
        { path: '1.1.1', message: 'Enter a bytes32.' },
      ],
    });
  });

  it.each([
    ['uint8', '256', 'A uint8 is from 0 to 255.'],
    ['int8', '-129', 'An int8 is from -128 to 127.'],
    ['uint256', '1.5', 'A uint256 is a whole number, in decimal or 0x hex.'],
    ['address', '0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'Bad address checksum: a character may be mistyped. Check the address, or paste it in all lowercase to skip the check.'],
    ['address', '0x1234', 'An address is 0x followed by 40 hex digits.'],
    ['bytes4', '0x123456', 'A bytes4 is 0x followed by exactly 8 hex digits.'],
    ['bytes', '0x123', 'Bytes are 0x followed by whole bytes of hex (an even number of digits).'],
    ['bool', 'yes', 'A bool is true or false.'],
  ])('refuses a %s of %s: %s', (type, text, message) => {
    expect(parseLeaf(type, text)).toEqual({ ok: false, message });
  });

  it('reads integers in decimal and hex, and addresses in lower case without a checksum', () => {
    expect(parseLeaf('uint256', '0xff')).toEqual({ ok: true, value: 255n });
    expect(parseLeaf('int16', '-0x10')).toEqual({ ok: true, value: -16n });
    expect(parseLeaf('address', '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266').ok).toBe(true);
  });

  it('reads an address in all capitals as unchecked, handing viem its lowercase form', () => {
    expect(parseLeaf('address', '0xF39FD6E51AAD88F6F4CE6AB8827279CFFFB92266')).toEqual({ ok: true, value: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266' });
    expect(parseLeaf('address', ' 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266 ')).toEqual({ ok: true, value: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' });
  });
});
