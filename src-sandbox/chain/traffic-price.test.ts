import { describe, expect, it } from 'vitest';
import { nextAnswer, PRICE_STEP } from './traffic-price';

describe('nextAnswer', () => {
  it('moves the price by at most PRICE_STEP, the same way for the same block, differently across blocks', () => {
    const start = 301_245_000_000n;
    const moves = Array.from({ length: 200 }, (_, i) => nextAnswer(start, BigInt(i * 10)));
    for (const next of moves) expect(Math.abs(Number(next - start) / Number(start))).toBeLessThanOrEqual(PRICE_STEP);
    expect(moves.map((_, i) => nextAnswer(start, BigInt(i * 10)))).toEqual(moves);
    expect(moves.some((next) => next > start)).toBe(true);
    expect(moves.some((next) => next < start)).toBe(true);
  });

  it('keeps the price between $1,500 and $6,000 however long the walk', () => {
    let low = 150_100_000_000n;
    let high = 599_900_000_000n;
    for (let head = 0n; head < 2_000n; head += 10n) {
      low = nextAnswer(low, head);
      high = nextAnswer(high, head + 5n);
      expect(low).toBeGreaterThanOrEqual(150_000_000_000n);
      expect(high).toBeLessThanOrEqual(600_000_000_000n);
    }
  });
});
