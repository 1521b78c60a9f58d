import { describe, expect, it } from 'vitest';
import { formatMoney } from './formatMoney';
import { moneyOfWei, pricePerEth } from './moneyOfWei';

describe('moneyOfWei', () => {
  it('multiplies exactly: wei x answer / 10^(18 + decimals)', () => {
    const price = { raw: '301245000000', decimals: 8 };
    expect(pricePerEth(price)).toBe('3012.45');
    // 21,000 gas at 6.5 gwei = 136,500 gwei = 0.0001365 ETH; x 3,012.45 = 0.411199425
    expect(moneyOfWei(21_000n * 6_500_000_000n, price)).toBe('0.411199425');
    expect(moneyOfWei('0x0', price)).toBe('0');
  });
});

describe('formatMoney', () => {
  it.each([
    ['0.411199425', 'USD', '$0.41'],
    ['0.415', 'USD', '$0.42'],
    ['0.004999', 'USD', '$0.005'],
    ['0.0063333', 'USD', '$0.0063'],
    ['3012.45', 'USD', '$3,012.45'],
    ['1234567.891', 'EUR', '€1,234,567.89'],
    ['2750.5', 'JPY', '¥2,751'],
    ['0', 'USD', '$0.00'],
    // Beyond a double's 15-17 digits, still rounded from the decimal itself.
    ['0.12500000000000000001', 'USD', '$0.13'],
  ])('%s %s reads %s', (amount, currency, expected) => {
    expect(formatMoney(amount, currency)).toBe(expected);
  });
});
