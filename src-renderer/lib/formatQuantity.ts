/**
 * One number format for every grouped integer: `toLocaleString` builds a new formatter on each call (about a tenth
 * of a millisecond each, which a page of rows pays hundreds of times in one render).
 */
let grouping: Intl.NumberFormat | undefined;

/** An integer grouped by thousands, as `toLocaleString('en-US')` writes it: `1,234,567`. */
export function groupDigits(value: bigint | number): string {
  grouping ??= new Intl.NumberFormat('en-US');
  return grouping.format(value);
}

/** A `0x` quantity (or a plain integer) as a grouped decimal, e.g. `0x12d687` → `1,234,567`; odd input is shown as is. */
export function formatQuantity(value: string | number | bigint): string {
  try {
    return groupDigits(BigInt(value));
  } catch {
    return String(value);
  }
}

/** A `0x` quantity as a decimal string without grouping, for URLs; undefined when it is not a number. */
export function quantityToDecimal(value: string): string | undefined {
  try {
    return BigInt(value).toString(10);
  } catch {
    return undefined;
  }
}
