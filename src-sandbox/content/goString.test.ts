import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { goStringFromBytes } from './goString';

describe('goStringFromBytes', () => {
  it.each([
    ['ASCII and control bytes as they are', [0x08, 0x01, 0x41], '\b\u0001A'],
    ['valid multi-byte sequences decoded', [0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80], 'é€😀'],
    ['a truncated sequence: one U+FFFD per byte, as Go (TextDecoder would give one)', [0xe2, 0x82, 0x41], '\uFFFD\uFFFDA'],
    ['overlong forms rejected', [0xc0, 0xaf], '\uFFFD\uFFFD'],
    ['UTF-16 surrogates rejected', [0xed, 0xa0, 0x80], '\uFFFD\uFFFD\uFFFD'],
    ['code points above U+10FFFF rejected', [0xf4, 0x90, 0x80, 0x80], '\uFFFD\uFFFD\uFFFD\uFFFD'],
    ['a lone continuation byte', [0x80], '\uFFFD'],
  ])('keeps %s', (_name, bytes, expected) => {
    expect(goStringFromBytes(Uint8Array.from(bytes))).toBe(expected);
  });

  it('decodes any valid UTF-8 exactly like TextDecoder', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        expect(goStringFromBytes(new TextEncoder().encode(text))).toBe(text);
      }),
    );
  });
});
