import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { debounceKey, fromDebounceKey } from './debounceKey';

describe('debounceKey', () => {
  // The builder debounces `undefined` whenever its query is invalid: JSON.parse(undefined) threw from a timer,
  // a page error for every invalid keystroke (found by the hostile-text journey, issue 14).
  it('stands for undefined too', () => {
    expect(debounceKey(undefined)).toBe('');
    expect(fromDebounceKey(debounceKey(undefined))).toBeUndefined();
  });

  it('gives back an equal value for any JSON value, and equal keys for equal values (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(fromDebounceKey(debounceKey(value))).toEqual(JSON.parse(JSON.stringify(value)));
        expect(debounceKey(structuredClone(value))).toBe(debounceKey(value));
      }),
    );
  });
});
