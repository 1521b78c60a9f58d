import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keyHint } from './keyHint';

describe('keyHint', () => {
  it.each([
    ['a1b2c3d4e5f60718293a4b5c6d7ef9e0', 'a1b2…f9e0'],
    ['0123456789abcdef', '0123…cdef'],
    ['0123456789abcde', '012…cde'],
    ['0123456789ab', '012…9ab'],
    ['01234567890', '01…90'],
    ['01234567', '01…67'],
    ['0123456', '0…6'],
    ['0123', '0…3'],
    ['012', '…'],
    ['0', '…'],
    ['🔑🔑🔑🔑ab🗝🗝🗝🗝', '🔑🔑…🗝🗝'],
  ])('hints %s as %s', (key, hint) => {
    expect(keyHint(key)).toBe(hint);
  });

  it('never reveals more than half of the key', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 300, unit: 'grapheme' }), (key) => {
        const shown = Array.from(keyHint(key)).length - 1; // minus the ellipsis
        expect(shown * 2).toBeLessThanOrEqual(Array.from(key).length);
      }),
    );
  });
});
