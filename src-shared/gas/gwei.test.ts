import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GWEI_STRING } from './feeSuggestionSchema';
import { gweiToWei, weiToGwei } from './gwei';

describe('weiToGwei', () => {
  it.each([
    [0n, '0'],
    [7n, '0.000000007'],
    [1_552_000_000n, '1.552'],
    [221_000_000_000n, '221'],
    [1_000_000_001n, '1.000000001'],
    [10n ** 40n + 1n, '10000000000000000000000000000000.000000001'],
  ])('writes %s wei as "%s"', (wei, text) => {
    expect(weiToGwei(wei)).toBe(text);
  });

  it('refuses negative values', () => {
    expect(() => weiToGwei(-1n)).toThrowErrorMatchingInlineSnapshot(`[RangeError: a fee cannot be negative: -1 wei]`);
  });
});

describe('gweiToWei', () => {
  it('round-trips every wei value exactly, in canonical form', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 256n }), (wei) => {
        const text = weiToGwei(wei);
        expect(text).toMatch(GWEI_STRING);
        expect(gweiToWei(text)).toBe(wei);
      }),
      { numRuns: 2000 },
    );
  });

  it('rounds sub-wei digits of hosted answers half up', () => {
    expect(gweiToWei('0.02139908561')).toBe(21_399_086n);
    expect(gweiToWei('0.0000000004')).toBe(0n);
    expect(gweiToWei('0.0000000005')).toBe(1n);
  });

  it.each(['', '-1', '1e9', '0x10', ' 1', '1.', '.5', 'abc', '01'])('refuses %j', (text) => {
    expect(() => gweiToWei(text)).toThrow(SyntaxError);
  });
});
