import { describe, expect, it } from 'vitest';
import { countOf } from './countOf';

describe('countOf', () => {
  it('puts the noun in the number the count needs', () => {
    expect(countOf(0, 'event')).toBe('0 events');
    expect(countOf(1, 'function')).toBe('1 function');
    expect(countOf(2, 'error')).toBe('2 errors');
    expect(countOf(12_000, 'entry', 'entries')).toBe('12,000 entries');
    expect(countOf(1, 'entry', 'entries')).toBe('1 entry');
    expect(countOf(1n, 'block')).toBe('1 block');
    expect(countOf(2n ** 64n, 'block')).toBe('18,446,744,073,709,551,616 blocks');
  });
});
