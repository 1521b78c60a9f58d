import { describe, expect, it } from 'vitest';
import { congestionWord, costWei, showGwei, showWait, TRANSFER_GAS, trendText } from './gasFormat';

describe('gas formatting', () => {
  it('prices a transfer exactly in wei', () => {
    expect(costWei(TRANSFER_GAS, '1.5')).toBe(31_500_000_000_000n);
    expect(costWei(TRANSFER_GAS, '0.000000001')).toBe(21_000n);
  });

  it.each([
    ['12.345678', '12.345678'],
    ['1234.5', '1,234.5'],
    ['2', '2'],
    ['0.000000007', '0.000000007'],
    ['9.956213453', '9.956213453'],
    ['1.0000000001234', '1'],
  ])('shows %s gwei as %s, to the wei', (gwei, shown) => {
    expect(showGwei(gwei)).toBe(shown);
  });

  it.each([
    ['12.345678', '12.3456'],
    ['0.000012345', '0.000012'],
    ['1.00001', '1'],
  ])('shows %s gwei with four decimals as %s, never cut to 0', (gwei, shown) => {
    expect(showGwei(gwei, 4)).toBe(shown);
  });

  it.each([
    [12_000, 30_000, '12–30 s'],
    [500, 800, 'under 1 s'],
    [15_000, 15_000, 'about 15 s'],
    [60_000, 180_000, '1–3 min'],
  ])('shows a wait of %d–%d ms as %s', (min, max, words) => {
    expect(showWait(min, max)).toBe(words);
  });

  it('names congestion and trends', () => {
    expect([0, 0.45, 0.7, 0.95].map(congestionWord)).toEqual(['Quiet', 'Normal', 'Busy', 'Congested']);
    expect(trendText('up')).toEqual({ arrow: '↑', words: 'rising' });
  });
});
