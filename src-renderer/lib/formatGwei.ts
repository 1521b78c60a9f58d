// Four significant digits, or every whole digit when there are more (1,235 gwei, never 1,200): what a person reads
// at a glance. Intl formats a decimal string exactly and never in scientific notation (0.000000007 stays so).
const GWEI_SHOWN = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 4, maximumFractionDigits: 0, roundingPriority: 'morePrecision' });

/**
 * A gwei decimal string as shown: at most four significant digits (all the whole ones), grouped, never in
 * scientific notation and never cut to 0 (`12.760238385` → `12.76`, `0.000000007` → `0.000000007`). The exact
 * figure goes in the title and on copy (the gas page's Gwei).
 */
export function showGwei(gwei: string): string {
  // `format` takes the decimal string itself (exact, no float on the way); TypeScript's lib knows only numbers.
  return GWEI_SHOWN.format(gwei as unknown as number);
}
