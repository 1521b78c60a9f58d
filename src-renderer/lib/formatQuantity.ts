import { groupDigits } from '../../src-shared/text/groupDigits';

/** An integer grouped by thousands, as `toLocaleString('en-US')` writes it: `1,234,567` (src-shared/text/groupDigits.ts). */
export { groupDigits };

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
