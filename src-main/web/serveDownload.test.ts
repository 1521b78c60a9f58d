import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentDisposition } from './serveDownload';

describe("a download's Content-Disposition", () => {
  it('offers the name the person knows the file by as filename*, beside the plain one', () => {
    expect(contentDisposition({ name: 'notes_copy.txt', displayName: 'notes copy.txt' })).toBe(`attachment; filename="notes_copy.txt"; filename*=UTF-8''notes%20copy.txt`);
    expect(contentDisposition({ name: 'Uber.txt', displayName: 'Über (1).txt' })).toBe(`attachment; filename="Uber.txt"; filename*=UTF-8''%C3%9Cber%20%281%29.txt`);
    expect(contentDisposition({ name: 'hello.txt', displayName: 'hello.txt' })).toBe('attachment; filename="hello.txt"');
    expect(contentDisposition({ name: 'logs-1.csv' })).toBe('attachment; filename="logs-1.csv"');
  });

  it('falls back to the plain name for a display name with a control character or a slash', () => {
    expect(contentDisposition({ name: 'a_b.txt', displayName: 'a/b.txt' })).toBe('attachment; filename="a_b.txt"');
    expect(contentDisposition({ name: 'a_b.txt', displayName: 'a\r\nSet-Cookie: x=1' })).toBe('attachment; filename="a_b.txt"');
  });

  it('is always one line of visible ASCII whose filename* decodes back to the display name (fuzzed)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (shown) => {
        const header = contentDisposition({ name: 'plain.bin', displayName: shown });
        expect(header).toMatch(/^[\x20-\x7e]+$/);
        const star = /filename\*=UTF-8''(.*)$/.exec(header);
        if (star) expect(decodeURIComponent(star[1]!)).toBe(shown);
      }),
    );
  });
});
