import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readableDecimal, roundForReading } from './readableDecimal';

const intl = (decimal: string, digits: number) =>
  new Intl.NumberFormat('en-US', { maximumFractionDigits: digits, maximumSignificantDigits: Math.max(1, Math.min(21, digits)), roundingPriority: 'morePrecision' }).format(decimal as `${number}`);

/** Plain decimal strings as formatUnits writes them, and with the zeros it never writes (leading, trailing, a bare 0). */
const decimals = fc
  .tuple(fc.boolean(), fc.stringMatching(/^\d{1,28}$/), fc.option(fc.stringMatching(/^\d{1,30}$/), { nil: undefined }))
  .map(([negative, whole, fraction]) => `${negative ? '-' : ''}${whole}${fraction === undefined ? '' : `.${fraction}`}`);

describe('an amount rounded for reading, without Intl', () => {
  it('is what Intl.NumberFormat writes with the same rounding, for any plain decimal and any number of digits', () => {
    fc.assert(
      fc.property(decimals, fc.integer({ min: 0, max: 20 }), (decimal, digits) => {
        expect(readableDecimal(decimal, digits)).toBe(intl(decimal, digits));
      }),
      { numRuns: 2000 },
    );
  });

  it('is what Intl writes for any pair of fraction and significant digits (the gas page shows four significant)', () => {
    fc.assert(
      fc.property(decimals, fc.integer({ min: 0, max: 20 }), fc.integer({ min: 1, max: 21 }), (decimal, fraction, significant) => {
        const intlOf = new Intl.NumberFormat('en-US', { maximumFractionDigits: fraction, maximumSignificantDigits: significant, roundingPriority: 'morePrecision' });
        expect(roundForReading(decimal, fraction, significant)).toBe(intlOf.format(decimal as `${number}`));
      }),
      { numRuns: 2000 },
    );
  });

  it('rounds the cases the screens show as they always did', () => {
    expect(readableDecimal('1234.56789012')).toBe('1,234.56789');
    expect(readableDecimal('0.0001315956')).toBe('0.000131596');
    expect(readableDecimal('1.9999996')).toBe('2');
    expect(readableDecimal('999999.9999999')).toBe('1,000,000');
    expect(readableDecimal('0.000000000000000001')).toBe('0.000000000000000001');
    expect(readableDecimal('-0.5', 0)).toBe('-0.5'); // one significant digit is finer than none after the point
    expect(readableDecimal('0')).toBe('0');
    expect(readableDecimal('-0')).toBe(intl('-0', 6));
    expect(readableDecimal('1e-7')).toBe(intl('1e-7', 6)); // not a plain decimal: Intl's
  });
});
