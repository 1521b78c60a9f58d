import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { baseFeeRange, nextBaseFee } from './nextBaseFee';

const gwei = (value: number) => BigInt(value) * 1_000_000_000n;

describe("EIP-1559's next base fee", () => {
  it.each([
    ['at the target: unchanged', { baseFeePerGas: gwei(100), gasUsed: 15_000_000n, gasLimit: 30_000_000n }, gwei(100)],
    ['a full block: up by 1/8', { baseFeePerGas: gwei(100), gasUsed: 30_000_000n, gasLimit: 30_000_000n }, gwei(112.5 * 2) / 2n],
    ['an empty block: down by 1/8', { baseFeePerGas: gwei(100), gasUsed: 0n, gasLimit: 30_000_000n }, gwei(87.5 * 2) / 2n],
    ['half way over the target: up by 1/16', { baseFeePerGas: 1_600n, gasUsed: 22_500_000n, gasLimit: 30_000_000n }, 1_700n],
    ['a tiny fee just over the target still rises by at least 1 wei', { baseFeePerGas: 7n, gasUsed: 15_000_001n, gasLimit: 30_000_000n }, 8n],
    ['a tiny fee under the target may stay (the division rounds down)', { baseFeePerGas: 7n, gasUsed: 14_000_000n, gasLimit: 30_000_000n }, 7n],
  ])('%s', (_what, parent, expected) => {
    expect(nextBaseFee(parent)).toBe(expected);
  });

  it('never moves by more than 1/8 of a full block (plus the 1 wei floor when rising), and rises exactly when the block is over its target (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.bigInt({ min: 2n, max: 60_000_000n }), fc.double({ min: 0, max: 1, noNaN: true }), (base, limit, fill) => {
        const used = (limit * BigInt(Math.round(fill * 1000))) / 1000n;
        const next = nextBaseFee({ baseFeePerGas: base, gasUsed: used, gasLimit: limit });
        const target = limit / 2n;
        if (used > target) expect(next > base).toBe(true);
        if (used <= target) expect(next <= base).toBe(true);
        // A full block of an odd limit is one gas over twice the target: a hair more than 1/8.
        expect(next - base <= (base * (limit - target)) / target / 8n + 1n).toBe(true);
        expect(base - next <= base / 8n).toBe(true);
      }),
    );
  });

  it('brackets the next blocks: the range widens, low never above high, starting at the exact next fee (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 14n }), fc.bigInt({ min: 2n, max: 60_000_000n }), fc.integer({ min: 0, max: 12 }), (next, limit, blocks) => {
        const range = baseFeeRange(next, limit, blocks);
        expect(range).toHaveLength(blocks + 1);
        expect(range[0]).toEqual({ low: next, high: next });
        for (let index = 1; index < range.length; index++) {
          expect(range[index]!.low <= range[index - 1]!.low).toBe(true);
          expect(range[index]!.high >= range[index - 1]!.high).toBe(true);
        }
      }),
    );
  });
});
