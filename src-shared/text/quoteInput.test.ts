import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QUOTE_MAX_CHARS, quoteInput, showInput } from './quoteInput';
import { isUnsafeCharacter } from './unsafeCharacter';

describe('quoteInput', () => {
  it('quotes short input as it is', () => {
    expect(quoteInput('vitalik.eth')).toBe('"vitalik.eth"');
  });

  it('cuts long input with an ellipsis: a megabyte paste is quoted in 48 characters', () => {
    const quoted = quoteInput(`${'a'.repeat(1024 * 1024)}.eth`);
    expect(quoted).toBe(`"${'a'.repeat(QUOTE_MAX_CHARS)}…"`);
    expect(quoteInput('abcdef', 3)).toBe('"abc…"');
  });

  it('shows bidi, control and invisible characters by code, so the quote cannot reorder the message', () => {
    expect(quoteInput('Safe\u202Eexe.txt')).toBe('"Safe\\u{202E}exe.txt"');
    expect(quoteInput('a\u200Bb\nc\u0000')).toBe('"a\\u{200B}b\\u{000A}c\\u{0000}"');
    expect(quoteInput('say "hi" \\')).toBe('"say \\"hi\\" \\\\"');
  });

  it('never splits a surrogate pair', () => {
    expect(quoteInput('😀😀😀', 2)).toBe('"😀😀…"');
  });

  it('is always short and holds no unsafe character (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 500 }), fc.integer({ min: 1, max: 100 }), (text, max) => {
        const quoted = quoteInput(text, max);
        // Each character becomes at most `\u{10FFFF}` (10 units); quotes and the ellipsis add 3.
        expect(quoted.length).toBeLessThanOrEqual(max * 10 + 3);
        expect([...quoted].some(isUnsafeCharacter)).toBe(false);
      }),
    );
  });
});

describe('showInput', () => {
  it('cuts and neutralises as quoteInput does, without quotes or quote escapes', () => {
    expect(showInput('say "hi" \\ Safe\u202Eexe')).toBe('say "hi" \\ Safe\\u{202E}exe');
    expect(showInput('abcdef', 3)).toBe('abc…');
    expect(showInput('😀\uD800', 5)).toBe('😀\\u{D800}');
  });
});
