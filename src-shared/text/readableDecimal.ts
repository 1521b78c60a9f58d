import { groupThousands } from './groupDigits';

const PLAIN_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * A decimal string rounded for reading and grouped: `digits` fraction digits, or `digits` significant digits below
 * 1, whichever keeps more (`1234.56789012` → `1,234.56789`, `0.0001315956` → `0.000131596`, `1.9999996` → `2`).
 */
export function readableDecimal(decimal: string, digits = 6): string {
  return roundForReading(decimal, digits, Math.max(1, Math.min(21, digits)));
}

/**
 * A decimal string rounded to `fractionDigits` after the point or to `significantDigits`, whichever keeps more,
 * half away from zero, from the string itself (never through a float), and grouped by thousands. The same as
 * `Intl.NumberFormat('en-US', { maximumFractionDigits, maximumSignificantDigits, roundingPriority: 'morePrecision' })`
 * (the tests hold it to that), without Intl: a window's first Intl number format loads the ICU data, 15 to 40 ms of
 * a cold page before its first amount is drawn. A string that is not a plain decimal is left to Intl.
 */
export function roundForReading(decimal: string, fractionDigits: number, significantDigits: number): string {
  const parts = PLAIN_DECIMAL.exec(decimal);
  const fits = Number.isInteger(fractionDigits) && fractionDigits >= 0 && fractionDigits <= 20 && Number.isInteger(significantDigits) && significantDigits >= 1 && significantDigits <= 21;
  if (!parts || !fits) return intlReadable(decimal, fractionDigits, significantDigits);
  const [, sign = '', whole = '', fraction = ''] = parts;
  let all = `${whole}${fraction}`; // every digit; the point sits after `point` of them
  let point = whole.length;
  const first = all.search(/[1-9]/);
  if (first < 0) return `${sign}0`;
  // The last digit kept, as an index into `all`: the finer of the two roundings.
  const last = Math.max(point - 1 + fractionDigits, first + significantDigits - 1);
  if (last < all.length - 1) {
    const up = all.charCodeAt(last + 1) >= 53; // the next digit is 5 or more: half or above, away from zero
    all = all.slice(0, last + 1);
    if (up) {
      const carried = (BigInt(all) + 1n).toString(10).padStart(all.length, '0');
      if (carried.length > all.length) point += 1;
      all = carried;
    }
  }
  const integer = all.slice(0, point).replace(/^0+(?=\d)/, '') || '0';
  const rest = all.slice(point).replace(/0+$/, '');
  return `${sign}${groupThousands(integer)}${rest ? `.${rest}` : ''}`;
}

const readers = new Map<string, Intl.NumberFormat>();

function intlReadable(decimal: string, fractionDigits: number, significantDigits: number): string {
  const key = `${fractionDigits}:${significantDigits}`;
  let reader = readers.get(key);
  if (!reader) {
    reader = new Intl.NumberFormat('en-US', { maximumFractionDigits: fractionDigits, maximumSignificantDigits: significantDigits, roundingPriority: 'morePrecision' });
    readers.set(key, reader);
  }
  return reader.format(decimal as `${number}`);
}
