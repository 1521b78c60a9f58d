import { describe, expect, it } from 'vitest';
import { createDownloads, type FileToSave } from './createDownloads';

const file = (name = 'logs.csv'): FileToSave => ({ name, type: 'text/csv', chunks: async function* () { yield 'a\n'; } });

describe('one-time downloads', () => {
  it('serves an offered file once, at an address with a 128-bit ticket', () => {
    const downloads = createDownloads();
    const offered = file();
    const url = downloads.offer(offered);
    expect(url).toMatch(/^\/downloads\/[0-9a-f]{32}\/logs\.csv$/);
    expect(downloads.take(url)).toBe(offered);
    expect(downloads.take(url)).toBeUndefined();
  });

  it('refuses another name, a guessed ticket, and an expired offer', () => {
    let now = 0;
    const downloads = createDownloads({ ttlMs: 1000, now: () => now });
    const url = downloads.offer(file());
    expect(downloads.take(url.replace('logs.csv', 'other.csv'))).toBeUndefined();
    expect(downloads.take(`/downloads/${'0'.repeat(32)}/logs.csv`)).toBeUndefined();
    expect(downloads.take('/downloads/../../etc/passwd')).toBeUndefined();
    now = 1001;
    expect(downloads.take(url)).toBeUndefined();
  });

  it('refuses to offer a name that is not plain', () => {
    expect(() => createDownloads().offer(file('../x.csv'))).toThrowErrorMatchingInlineSnapshot(`[Error: a download's name must be plain: "../x.csv"]`);
  });
});
