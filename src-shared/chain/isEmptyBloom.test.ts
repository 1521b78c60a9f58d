import { describe, expect, it } from 'vitest';
import { isEmptyBloom } from './isEmptyBloom';

describe('isEmptyBloom', () => {
  it('is true for a bloom of only zeros, whatever its length, and false once a bit is set', () => {
    expect(isEmptyBloom(`0x${'0'.repeat(512)}`)).toBe(true);
    expect(isEmptyBloom(`0x${'0'.repeat(511)}1`)).toBe(false);
    expect(isEmptyBloom('0x')).toBe(false);
    expect(isEmptyBloom('')).toBe(false);
  });
});
