import { describe, expect, it } from 'vitest';
import { decodeText, readPreview } from './readPreview';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64');

describe('readPreview', () => {
  it.each([
    ['an image by its magic number, whatever its name', PNG, 'notes.txt', { kind: 'image', mime: 'image/png' }],
    ['JSON by its content', Buffer.from('{"a":[1,2]}'), undefined, { kind: 'json', mime: 'application/json', encoding: 'UTF-8' }],
    ['JSON by its name, even cut', Buffer.from('{"a":'), 'x.json', { kind: 'json' }],
    ['Markdown by its name', Buffer.from('# Title\n'), 'README.md', { kind: 'markdown', mime: 'text/markdown' }],
    ['SVG by its name and its tag', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'logo.svg', { kind: 'image', mime: 'image/svg+xml' }],
    ['binary with NUL bytes', Buffer.from([0, 1, 2, 3, 0, 255]), 'data', { kind: 'binary', mime: 'application/octet-stream' }],
    ['plain text', Buffer.from('hello\nworld\n'), 'a.txt', { kind: 'text', mime: 'text/plain', text: 'hello\nworld\n' }],
  ])('reads %s', async (_what, bytes, name, expected) => {
    expect(await readPreview(bytes, bytes.length, name)).toMatchObject({ ...expected, size: bytes.length, bytesRead: bytes.length, truncated: false });
  });

  it('says a preview is cut and carries the first bytes of text for the hex view', async () => {
    const bytes = Buffer.from('x'.repeat(20_000));
    const preview = await readPreview(bytes.subarray(0, 10_000), 20_000, 'x.txt');
    expect(preview).toMatchObject({ kind: 'text', truncated: true, bytesRead: 10_000, size: 20_000 });
    expect(Buffer.from(preview.base64!, 'base64').length).toBe(10_000);
  });
});

describe('decodeText', () => {
  it('drops a character cut at the end of a truncated read instead of failing', () => {
    const bytes = Buffer.from('naïve');
    expect(decodeText(bytes.subarray(0, 3), true)).toEqual({ encoding: 'UTF-8', text: 'na' });
  });
  it('reads UTF-16 by its BOM, and refuses control-heavy bytes', () => {
    expect(decodeText(Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('hi', 'utf16le').swap16()]), false)).toEqual({ encoding: 'UTF-16BE', text: 'hi' });
    expect(decodeText(Buffer.from([1, 2, 3, 4, 5, 6, 7, 8, 65, 66]), false)).toBeUndefined();
  });
});
