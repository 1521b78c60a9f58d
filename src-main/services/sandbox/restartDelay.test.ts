import { describe, expect, it } from 'vitest';
import { restartDelay } from './restartDelay';

describe('restartDelay', () => {
  it('grows with consecutive crashes: 1 s, 2 s, 5 s, then 10 s each time', () => {
    expect([1, 2, 3, 4, 5, 9].map((failures) => restartDelay(failures))).toEqual([1000, 2000, 5000, 10_000, 10_000, 10_000]);
  });

  it('takes the first step for a count below one, and 0 without steps', () => {
    expect(restartDelay(0, [300, 600])).toBe(300);
    expect(restartDelay(3, [])).toBe(0);
  });
});
