import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PLACE_NAME_MAX, placeName } from './placeName';

// The name a place was opened by is shown and kept (SQLite, links): whatever comes in, what goes out is one
// printable path part of at most 255 characters, or nothing.

describe('placeName', () => {
  it.each([
    ['hello.txt', 'hello.txt'],
    ['  my folder  ', 'my folder'],
    ['token #1 & metadata.json', 'token #1 & metadata.json'],
    ['a/b\\c.txt', 'a_b_c.txt'],
    ['bell\u0007\nnew\u0000line.txt', 'bellnewline.txt'],
    ['Safe\u202Eexe.txt', 'Safeexe.txt'],
    ['zero\u200Bwidth.txt', 'zerowidth.txt'],
    ['👩\u200D💻 notes.md', '👩\u200D💻 notes.md'],
    ['..', ''],
    ['\u0001\u0002', ''],
  ])('makes %j into %j', (raw, expected) => {
    expect(placeName(raw)).toBe(expected);
  });

  it('cuts a very long name to 255 characters, marked, with its extension kept', () => {
    const cut = placeName(`${'long-'.repeat(100)}name.tar.gz`);
    expect(cut.length).toBe(PLACE_NAME_MAX);
    expect(cut.endsWith('….gz')).toBe(true);
    expect(cut.startsWith('long-long-')).toBe(true);
  });

  it('never splits a character outside the BMP when cutting', () => {
    const cut = placeName(`${'😀'.repeat(200)}.txt`);
    expect(cut.length).toBeLessThanOrEqual(PLACE_NAME_MAX);
    expect(cut).toMatch(/^(😀)+…\.txt$/u);
  });

  it('is the same cleaned again when a dropped character stood between two combining marks', () => {
    const once = placeName('\ua66f\u0000\u06ea');
    expect(placeName(once)).toBe(once);
  });

  it('always answers one printable path part of at most 255 characters (fuzz)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 600 }), (raw) => {
        const name = placeName(raw);
        expect(name.length).toBeLessThanOrEqual(PLACE_NAME_MAX);
        // eslint-disable-next-line no-control-regex -- no control character may be left
        expect(name).not.toMatch(/[/\\\u0000-\u001f\u007f\u202A-\u202E\u2066-\u2069]/);
        expect(name === '.' || name === '..').toBe(false);
        expect(placeName(name)).toBe(name);
      }),
      { numRuns: 1000 },
    );
  });
});
