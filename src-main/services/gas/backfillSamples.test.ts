import { describe, expect, it } from 'vitest';
import { interpolator } from './backfillSamples';

describe('interpolator', () => {
  it('gives anchors exactly and the blocks between them by their share of the time', () => {
    const at = interpolator(new Map([[100, 1_000], [132, 1_384], [164, 1_768]]));
    expect(at(100)).toBe(1_000);
    expect(at(116)).toBe(1_192);
    expect(at(150)).toBe(1_600);
    expect(at(164)).toBe(1_768);
  });

  it('gives nothing before the first anchor or after the last', () => {
    const at = interpolator(new Map([[100, 1_000], [132, 1_384]]));
    expect(at(99)).toBeUndefined();
    expect(at(133)).toBeUndefined();
  });

  it('leaves out the blocks of a stretch with a jump in time rather than guess them', () => {
    // Seeded history (12 s blocks in 2025), then a jump to now, then 12 s blocks again.
    const at = interpolator(new Map([[0, 0], [32, 384], [64, 768], [96, 60_000_000], [128, 60_000_384], [160, 60_000_768]]));
    expect(at(40)).toBe(480);
    expect(at(80)).toBeUndefined();
    expect(at(140)).toBe(60_000_528);
  });
});
