import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { traceMethods, whatIfChangeSchema } from './trace';

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const hash = `0x${'ab'.repeat(32)}`;
const problems = (change: unknown) => {
  const parsed = traceMethods['trace.whatIf'].input.safeParse({ networkId: 'local', hash, change });
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe("trace.whatIf's input", () => {
  it('accepts one change of each kind', () => {
    for (const change of [
      { kind: 'gasLimit', gasLimit: '0xd5f3' },
      { kind: 'value', value: '0x0' },
      { kind: 'sender', sender: address },
      { kind: 'argument', index: 2, value: '10000000000000000000' },
      { kind: 'argument', index: 0, value: '["1","2"]' },
      { kind: 'balance', address, balance: '0xde0b6b3a7640000' },
      { kind: 'storage', address, slot: '0x0', value: `0x${'f'.repeat(64)}` },
    ]) {
      expect(problems(change), JSON.stringify(change)).toEqual([]);
    }
  });

  it.each([
    ['no change', undefined, /^change: /],
    ['a kind there is not', { kind: 'nonce', nonce: '0x1' }, /change\.kind: A change is one of gasLimit, value, sender, argument, balance or storage/],
    ['a decimal gas limit', { kind: 'gasLimit', gasLimit: '300000' }, /change\.gasLimit: A gas limit is a quantity: 0x followed by/],
    ['a gas limit of zero', { kind: 'gasLimit', gasLimit: '0x0' }, /change\.gasLimit: A gas limit is from 1 to 2\^64 − 1/],
    ['a gas limit over 64 bits', { kind: 'gasLimit', gasLimit: `0x1${'0'.repeat(16)}` }, /A gas limit is from 1 to 2\^64 − 1/],
    ['a value with leading zeros', { kind: 'value', value: '0x01' }, /change\.value: A value in wei is a quantity/],
    ['a value over 256 bits', { kind: 'value', value: `0x1${'0'.repeat(64)}` }, /change\.value: A value in wei is a quantity: 0x followed by at most 64 hex digits/],
    ['a sender that is no address', { kind: 'sender', sender: '0x1234' }, /change\.sender: An address is 0x followed by 40 hex digits/],
    ['a negative argument index', { kind: 'argument', index: -1, value: '1' }, /change\.index: An argument index is 0 or more/],
    ['a fractional argument index', { kind: 'argument', index: 1.5, value: '1' }, /change\.index: An argument index is a whole number/],
    ['an argument of a megabyte', { kind: 'argument', index: 0, value: 'x'.repeat(1 << 20) }, /change\.value: An argument is at most 64 KiB/],
    ['a slot of 33 bytes', { kind: 'storage', address, slot: `0x${'1'.repeat(66)}`, value: '0x1' }, /change\.slot: A storage slot is 0x followed by 1 to 64 hex digits/],
    ["a slot's value without 0x", { kind: 'storage', address, slot: '0x1', value: '12' }, /change\.value: A slot's value is 0x followed by 1 to 64 hex digits/],
    ['two changes at once', { kind: 'value', value: '0x1', gasLimit: '0x5208' }, /change: Unrecognized key/],
  ])('refuses %s with a specific message', (_what, change, message) => {
    expect(problems(change).join('\n')).toMatch(message);
  });

  it('never throws, whatever it is given, and accepts only what it can run', () => {
    fc.assert(
      fc.property(fc.anything(), (change) => {
        const parsed = whatIfChangeSchema.safeParse(change);
        if (parsed.success) expect(['gasLimit', 'value', 'sender', 'argument', 'balance', 'storage']).toContain(parsed.data.kind);
      }),
      { numRuns: 2_000 },
    );
    fc.assert(
      fc.property(fc.constantFrom('gasLimit', 'value', 'balance'), fc.string({ unit: fc.constantFrom('0', '1', 'a', 'F', 'x', 'g', '-', ' ') }), (kind, text) => {
        const field = kind === 'balance' ? 'balance' : kind;
        const parsed = whatIfChangeSchema.safeParse({ kind, [field]: text, ...(kind === 'balance' ? { address } : {}) });
        // What is accepted is a canonical quantity BigInt reads as the same number.
        if (parsed.success) expect(`0x${BigInt(text).toString(16)}`).toBe(text.toLowerCase());
      }),
      { numRuns: 2_000 },
    );
  });
});
