import { describe, expect, it } from 'vitest';
import { shortHex } from './shortHex';

describe('shortHex', () => {
  it('keeps 0x and eight digits, an ellipsis, and the last six, for hashes, addresses and CIDs alike', () => {
    expect(shortHex(`0x9964d123${'0'.repeat(50)}c85884`)).toBe('0x9964d123…c85884');
    expect(shortHex('0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045')).toBe('0xd8dA6BF2…A96045');
    expect(shortHex('bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi')).toBe('bafybeigdy…5fbzdi');
  });

  it('leaves a value that is short enough, or already cut, as it is: never cut twice', () => {
    expect(shortHex('0x1234')).toBe('0x1234');
    expect(shortHex('0x123456789012345')).toBe('0x123456789012345');
    expect(shortHex('0x9964d123…c85884')).toBe('0x9964d123…c85884');
    expect(shortHex(shortHex(`0x${'ab'.repeat(32)}`))).toBe('0xabababab…ababab');
  });
});
