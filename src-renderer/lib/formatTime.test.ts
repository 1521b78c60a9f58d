import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAgo, formatDateTime } from './formatTime';

describe('local date and time', () => {
  it('is what toLocaleString with medium date and time writes, for any instant', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 8_640_000_000_000 }), (ms) => formatDateTime(ms) === new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' })));
  });

  it('an age is said in words', () => {
    expect(formatAgo(0, 5_000)).toBe('just now');
    expect(formatAgo(0, 5 * 60_000)).toBe('5 min ago');
  });
});
