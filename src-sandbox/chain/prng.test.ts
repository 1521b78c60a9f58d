import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPrng } from './prng';

describe('createPrng', () => {
  it('repeats the same sequence for the same seed', () => {
    const a = createPrng(42);
    const b = createPrng(42);
    const c = createPrng(43);
    const seqA = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 20 }, () => c.next())).not.toEqual(seqA);
  });

  it('returns floats in [0, 1) and integers in [0, n)', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 1000 }), (seed, n) => {
        const rng = createPrng(seed);
        for (let i = 0; i < 50; i++) {
          const x = rng.next();
          const k = rng.int(n);
          if (!(x >= 0 && x < 1 && Number.isInteger(k) && k >= 0 && k < n)) return false;
        }
        return true;
      }),
    );
  });

  it('refuses to pick from an empty array', () => {
    expect(() => createPrng(1).pick([])).toThrowErrorMatchingInlineSnapshot(`[Error: pick from an empty array]`);
  });
});
