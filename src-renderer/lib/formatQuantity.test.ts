import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatQuantity, groupDigits } from './formatQuantity';

describe('grouped integers', () => {
  it('are written as toLocaleString("en-US") writes them, for any integer', () => {
    fc.assert(fc.property(fc.bigInt({ min: -(2n ** 256n), max: 2n ** 256n }), (value) => groupDigits(value) === value.toLocaleString('en-US')));
    fc.assert(fc.property(fc.integer(), (value) => groupDigits(value) === value.toLocaleString('en-US')));
  });

  it('a 0x quantity is grouped in decimal; odd input is shown as given', () => {
    expect(formatQuantity('0x12d687')).toBe('1,234,567');
    expect(formatQuantity('0xzz')).toBe('0xzz');
  });
});
