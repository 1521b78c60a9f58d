import { describe, expect, it } from 'vitest';
import type { GasSnapshot } from '../../../src-shared/gas/gasTypes';
import { levelFeePerGas } from './levelCost';

const level = (maxFee: string, tip: string) => ({ suggestedMaxFeePerGas: maxFee, suggestedMaxPriorityFeePerGas: tip, minWaitTimeEstimate: 0, maxWaitTimeEstimate: 0 });
const snapshot = (nextBaseFee: string) =>
  ({ nextBaseFee, suggestion: { low: level('3', '0.5'), medium: level('10', '1.5'), high: level('4', '2.5') } }) as unknown as GasSnapshot;

describe('levelFeePerGas', () => {
  it('is the next base fee plus the priority fee, never above the max fee', () => {
    const shot = snapshot('0x77359400'); // 2 gwei
    expect(levelFeePerGas(shot, 'low')).toEqual({ likely: 2_500_000_000n, cap: 3_000_000_000n });
    expect(levelFeePerGas(shot, 'medium')).toEqual({ likely: 3_500_000_000n, cap: 10_000_000_000n });
    expect(levelFeePerGas(shot, 'high')).toEqual({ likely: 4_000_000_000n, cap: 4_000_000_000n });
  });
});
