// Thousands grouping written out rather than asked of Intl: a window's first Intl.NumberFormat (or toLocaleString)
// loads the ICU data, 15 to 40 ms on a cold page before its first number is drawn, and toLocaleString builds a
// new formatter on every call. The output is en-US's, which the tests check against Intl itself.

/** Groups the integer part of a plain decimal string by thousands: `-1234567.5` → `-1,234,567.5`. */
export function groupThousands(decimal: string): string {
  const point = decimal.indexOf('.');
  const whole = point < 0 ? decimal : decimal.slice(0, point);
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = sign ? whole.slice(1) : whole;
  return `${sign}${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${point < 0 ? '' : decimal.slice(point)}`;
}

/** An integer grouped by thousands, as `toLocaleString('en-US')` writes it: `1,234,567`; other numbers as it writes them. */
export function groupDigits(value: number | bigint): string {
  if (typeof value === 'bigint') return groupThousands(value.toString(10));
  // Below 1e21 an integer's String is its digits (the shortest that read back as it, as Intl writes them too).
  if (!Number.isInteger(value) || Math.abs(value) >= 1e21) return value.toLocaleString('en-US'); // rare: left to Intl
  return groupThousands(Object.is(value, -0) ? '-0' : String(value));
}
