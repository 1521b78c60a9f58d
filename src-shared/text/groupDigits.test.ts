import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupDigits, groupThousands } from './groupDigits';

describe('grouping by thousands without Intl', () => {
  it('writes every integer as toLocaleString("en-US") does: numbers (safe or not, negative, -0) and bigints', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }), (value) => {
        expect(groupDigits(value)).toBe(value.toLocaleString('en-US'));
      }),
    );;
    fc.assert(
      fc.property(fc.integer(), (value) => {
        expect(groupDigits(value)).toBe(value.toLocaleString('en-US'));
      }),
    );;
    fc.assert(
      fc.property(fc.double({ noNaN: true }).map(Math.trunc), (value) => {
        expect(groupDigits(value)).toBe(value.toLocaleString('en-US'));
      }),
    );;
    for (const value of [0, -0, 999, 1000, -1000, 1e21, Number.MAX_VALUE, 0.5, NaN, Infinity]) expect(groupDigits(value)).toBe(value.toLocaleString('en-US'));
  });

  it('groups only the integer part of a decimal string', () => {
    expect(groupThousands('1234567.1234567')).toBe('1,234,567.1234567');
    expect(groupThousands('-1000')).toBe('-1,000');
    expect(groupThousands('0.5')).toBe('0.5');
    expect(groupThousands('123')).toBe('123');
  });
});
