import { groupDigits } from '../../src-shared/text/groupDigits';

/** A byte count as people read it: `512 B`, `3.2 KiB`, `1.5 MiB`, with the exact count in the title where it matters. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${groupDigits(bytes)} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}
