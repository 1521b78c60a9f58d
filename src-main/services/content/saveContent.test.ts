import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plainFileName } from './saveContent';

describe('plainFileName', () => {
  it.each([
    ['report.pdf', 'report.pdf'],
    ['my file (1).txt', 'my_file_1_.txt'],
    ['../../etc/passwd', 'etc_passwd'],
    ['Größe.md', 'Gro_e.md'],
    ['Über café.txt', 'Uber_cafe.txt'],
    ['hello.txt', 'hello.txt'],
    [`${'x'.repeat(300)}.json`, `${'x'.repeat(115)}.json`],
    ['', 'content.bin'],
    ['///', 'content.bin'],
  ])('%j → %j', (name, plain) => {
    expect(plainFileName(name, 'content.bin')).toBe(plain);
  });

  it('always gives a name the web host offers: plain characters, no leading dot, at most the length asked (fuzz)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), fc.integer({ min: 8, max: 120 }), (name, max) => {
        const plain = plainFileName(name, 'content.bin', max);
        expect(plain).toMatch(/^[\w.-]{1,120}$/);
        expect(plain.startsWith('.')).toBe(false);
        if (plain !== 'content.bin') expect(plain.length).toBeLessThanOrEqual(max);
      }),
      { numRuns: 2000 },
    );
  });
});
