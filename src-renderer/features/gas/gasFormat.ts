import { gweiToWei, weiToGwei } from '../../../src-shared/gas/gwei';

/** Gas of a plain ETH transfer (exact: the intrinsic cost). */
export const TRANSFER_GAS = 21_000n;
/** Gas of a typical ERC-20 `transfer` to an address that already holds the token (OpenZeppelin's, about 35,000 to 52,000; 65,000 covers a first-time holder). */
export const TOKEN_TRANSFER_GAS = 65_000n;

/** Wei paid for `gas` units at `gwei` per unit. */
export function costWei(gas: bigint, gwei: string): bigint {
  return gas * gweiToWei(gwei);
}

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
