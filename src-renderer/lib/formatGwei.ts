import { roundForReading } from '../../src-shared/text/readableDecimal';

/**
 * A gwei decimal string as shown: at most four significant digits (all the whole ones), grouped, never in
 * scientific notation and never cut to 0 (`12.760238385` → `12.76`, `0.000000007` → `0.000000007`): what a person
 * reads at a glance. Rounded from the decimal string itself (no float on the way). The exact figure goes in the title
 * and on copy (the gas page's Gwei).
 */
export function showGwei(gwei: string): string {
  return roundForReading(gwei, 0, 4);
}
