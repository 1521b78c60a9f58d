import { describe, expect, it } from 'vitest';
import { singularOf } from './singularOf';

describe('singularOf', () => {
  it.each([
    ['transactions', 'transaction'],
    ['transactions sent', 'transaction sent'],
    ['token transfers', 'token transfer'],
    ['balance changes', 'balance change'],
    ['new logs', 'new log'],
    ['logs', 'log'],
    ['events', 'event'],
    ['holders', 'holder'],
    ['holdings', 'holding'],
    ['entries', 'entry'],
    ['addresses', 'address'],
  ])('%s → %s', (plural, one) => {
    expect(singularOf(plural)).toBe(one);
  });

  it('leaves a phrase with no plural word as it is', () => {
    expect(singularOf('data')).toBe('data');
    expect(singularOf('gas')).toBe('gas');
  });
});
