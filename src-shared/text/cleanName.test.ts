import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanName } from './cleanName';
import { isJoinerOrSelector, isUnsafeCharacter } from './unsafeCharacter';

const BIDI_AND_INVISIBLE = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C', '\u200B', '\u2060', '\uFEFF', '\u00AD', '\u0000', '\u0007', '\n', '\t', '\u2028', '\u2029', '\u{E0041}'];

describe('cleanName', () => {
  it('keeps an ordinary name, trimmed and in NFC', () => {
    expect(cleanName('  My node  ')).toEqual({ ok: true, name: 'My node' });
    expect(cleanName('Cafe\u0301')).toEqual({ ok: true, name: 'Café' });
    expect(cleanName('ノード 東京')).toEqual({ ok: true, name: 'ノード 東京' });
  });

  it('refuses a name with a right-to-left override, naming the character', () => {
    const cleaned = cleanName('Safe\u202Eexe.txt');
    expect(cleaned).toEqual({ ok: false, message: expect.stringContaining('U+202E (right-to-left override)') });
  });

  it('refuses a name of one zero-width space, and names made of spaces or selectors only', () => {
    expect(cleanName('\u200B')).toMatchObject({ ok: false, message: expect.stringContaining('U+200B (zero-width space)') });
    expect(cleanName('\u00A0\u3000 ')).toEqual({ ok: false, message: 'Enter a name.' });
    expect(cleanName('\uFE0F\uFE0F')).toMatchObject({ ok: false, message: expect.stringContaining('U+FE0F') });
    expect(cleanName('')).toEqual({ ok: false, message: 'Enter a name.' });
  });

  it.each(BIDI_AND_INVISIBLE.map((char) => [char.codePointAt(0)!.toString(16), char]))('refuses U+%s inside a name', (_code, char) => {
    for (const name of [`ab${char}c`, `a${char}${char}x`]) expect(cleanName(name).ok).toBe(false);
    // At the edges, what trim() removes is gone; the rest is refused there too.
    if (`${char}a`.trim() !== 'a') expect(cleanName(`${char}abc`).ok).toBe(false);
  });

  it('keeps joiners and selectors inside emoji and scripts that need them', () => {
    for (const name of ['👨\u200D👩\u200D👧 family', '❤\uFE0F node', '🏳\uFE0F\u200D🌈', 'می\u200Cخواهم', '1\uFE0F\u20E3']) {
      expect(cleanName(name)).toEqual({ ok: true, name: name.normalize('NFC') });
    }
  });

  it('refuses a joiner that joins nothing', () => {
    expect(cleanName('\u200Dabc').ok).toBe(false);
    expect(cleanName('abc\u200D').ok).toBe(false);
    expect(cleanName('a\u200D\u200Db').ok).toBe(false);
    expect(cleanName('a \u200D b').ok).toBe(false);
  });

  it('limits the length in characters, not UTF-16 units', () => {
    expect(cleanName('😀'.repeat(64)).ok).toBe(true);
    expect(cleanName('a'.repeat(65))).toEqual({ ok: false, message: 'A name is at most 64 characters.' });
    expect(cleanName('abcd', 3).ok).toBe(false);
  });

  it('never accepts a name holding an unsafe character, and accepted names are fixed points (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (raw) => {
        const cleaned = cleanName(raw);
        if (!cleaned.ok) {
          expect(cleaned.message.length).toBeLessThan(200);
          return;
        }
        const chars = [...cleaned.name];
        expect(chars.some(isUnsafeCharacter)).toBe(false);
        expect(chars.some((char) => !/^\s$/u.test(char) && !isJoinerOrSelector(char))).toBe(true);
        expect(cleanName(cleaned.name)).toEqual(cleaned);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses every name that has a bidi or zero-width character inserted into it (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), fc.constantFrom(...BIDI_AND_INVISIBLE), fc.nat(), (base, char, at) => {
        const chars = [...base];
        const position = at % (chars.length + 1);
        chars.splice(position, 0, char);
        const raw = chars.join('');
        // Whitespace controls at the edges are trimmed away; anywhere else they are refused.
        if (raw.trim() !== raw && !raw.trim().includes(char)) return;
        expect(cleanName(raw).ok).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });
});
