import { describe, expect, it } from 'vitest';
import { congestionWord, gweiOfWei, showWait, trendText } from './gasFormat';

describe('gas formatting', () => {
  it('reads wei as exact gwei', () => {
    expect(gweiOfWei('0x3b9aca07')).toBe('1.000000007');
    expect(gweiOfWei(7n)).toBe('0.000000007');
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
