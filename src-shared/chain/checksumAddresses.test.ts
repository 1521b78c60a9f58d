import fc from 'fast-check';
import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { checksumAddress, checksumAddressesIn, CHECKSUMS_KEPT } from './checksumAddresses';

const LOWER = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const CHECKSUMMED = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

describe('checksumAddress', () => {
  it('writes an address in any case in its checksummed form, and leaves anything else alone', () => {
    expect(checksumAddress(LOWER)).toBe(CHECKSUMMED);
    expect(checksumAddress(LOWER.toUpperCase().replace('0X', '0x'))).toBe(CHECKSUMMED);
    expect(checksumAddress('0x1234')).toBe('0x1234');
    expect(checksumAddress(`0x${'ab'.repeat(32)}`)).toBe(`0x${'ab'.repeat(32)}`);
    expect(checksumAddress('not an address')).toBe('not an address');
  });

  it("is viem's getAddress for any address in any case, asked once or many times, past the number of checksums kept", () => {
    const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => `0x${Buffer.from(bytes).toString('hex')}`);
    const anyCase = fc.tuple(address, fc.array(fc.boolean(), { minLength: 40, maxLength: 40 })).map(([lower, upper]) => `0x${[...lower.slice(2)].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join('')}`);
    fc.assert(fc.property(fc.array(anyCase, { minLength: 1, maxLength: 8 }), (addresses) => addresses.every((a) => checksumAddress(a) === getAddress(a.toLowerCase()) && checksumAddress(a) === getAddress(a.toLowerCase()))), { numRuns: CHECKSUMS_KEPT / 4 });
  });
});

describe('checksumAddressesIn', () => {
  it('checksums addresses at any depth and as record keys, but not data that happens to be 20 bytes', () => {
    const receipt = {
      from: LOWER,
      to: null,
      logs: [{ address: LOWER, topics: [`0x${'00'.repeat(12)}${LOWER.slice(2)}`], data: LOWER }],
      addresses: { [LOWER]: { label: 'deployer' } },
      gasUsed: '0x5208',
    };
    expect(checksumAddressesIn(receipt)).toEqual({
      from: CHECKSUMMED,
      to: null,
      logs: [{ address: CHECKSUMMED, topics: [`0x${'00'.repeat(12)}${LOWER.slice(2)}`], data: LOWER }],
      addresses: { [CHECKSUMMED]: { label: 'deployer' } },
      gasUsed: '0x5208',
    });
    // The original is not changed.
    expect(receipt.from).toBe(LOWER);
  });
});
