import { weiToGwei } from '../../../src-shared/gas/gwei';

// What a transfer, a token transfer and a swap cost is worked out in LevelCosts.tsx, from the gas main reports
// (prices.typicalGas: the protocol's 21,000, the seeded receipts on Local, else typical figures).

/** Wei (a 0x quantity or a bigint) as an exact gwei decimal string: `0x3b9aca07` → `1.000000007`. */
export function gweiOfWei(wei: string | bigint): string {
  return weiToGwei(BigInt(wei));
}

/** A wait estimate in ms as words: `12–30 s`, `1–2 min`, `under 1 s`. */
export function showWait(minMs: number, maxMs: number): string {
  const unit = (ms: number) => (maxMs >= 120_000 ? `${Math.round(ms / 60_000)}` : `${Math.round(ms / 1000)}`);
  const suffix = maxMs >= 120_000 ? 'min' : 's';
  if (maxMs < 1000) return 'under 1 s';
  const low = unit(minMs);
  const high = unit(maxMs);
  return low === high ? `about ${high} ${suffix}` : `${low}–${high} ${suffix}`;
}

/** Congestion (a rank in [0, 1]) as a word people use. */
export function congestionWord(rank: number): string {
  if (rank < 0.3) return 'Quiet';
  if (rank < 0.6) return 'Normal';
  if (rank < 0.85) return 'Busy';
  return 'Congested';
}

/** A trend as an arrow and words. */
export function trendText(trend: 'up' | 'down' | 'level'): { arrow: string; words: string } {
  if (trend === 'up') return { arrow: '↑', words: 'rising' };
  if (trend === 'down') return { arrow: '↓', words: 'falling' };
  return { arrow: '→', words: 'level' };
}
