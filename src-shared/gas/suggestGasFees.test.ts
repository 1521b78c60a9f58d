import { parseGwei } from 'viem';
import { describe, expect, it } from 'vitest';
import type { FeeHistoryBlock, FeeRewards } from './gasFeeInput';
import { levelFeesWei, suggestGasFees } from './suggestGasFees';

const gwei = (value: string) => parseGwei(value);
/** Rewards in gwei for p10/p20/p30; p50 and p95 default to p30 where a case does not care. */
const rewards = (p10: string, p20: string, p30: string, p50 = p30, p95 = p50): FeeRewards => ({
  10: gwei(p10),
  20: gwei(p20),
  30: gwei(p30),
  50: gwei(p50),
  95: gwei(p95),
});
const block = (number: number, baseFee: string, r?: FeeRewards): FeeHistoryBlock => ({
  number: BigInt(number),
  baseFeePerGas: gwei(baseFee),
  ...(r ? { rewards: r } : {}),
});
/** `count` blocks ending at number 1000, base fee from `baseFee(i)`, rewards from `reward(i)`. */
const chain = (count: number, baseFee: (i: number) => string, reward: (i: number) => FeeRewards | undefined) =>
  Array.from({ length: count }, (_, i) => block(1000 - count + 1 + i, baseFee(i), reward(i)));
const levels = (s: ReturnType<typeof suggestGasFees>) =>
  [s.low, s.medium, s.high].map((l) => `${l.suggestedMaxPriorityFeePerGas} / ${l.suggestedMaxFeePerGas}`);

describe('suggestGasFees: the published test vector', () => {
  // SERVICE-FACTS: base fees 300/100/200 gwei (200 latest); p10 [0, 0.5, 0.5], p20 [1, 1.6, 2], p30 [0, 3, 3].
  const blocks = [block(1, '300', rewards('0', '1', '0')), block(2, '100', rewards('0.5', '1.6', '3')), block(3, '200', rewards('0.5', '2', '3'))];

  it('gives low 1/221, medium 1.552/241.552, high 2.94/252.94 gwei', () => {
    const s = suggestGasFees({ blocks, nextBaseFeePerGas: gwei('200') });
    expect(levels(s)).toEqual(['1 / 221', '1.552 / 241.552', '2.94 / 252.94']);
    expect(s.estimatedBaseFee).toBe('200');
  });

  it('answers the whole object with the waits of the table', () => {
    expect(suggestGasFees({ blocks, nextBaseFeePerGas: gwei('210') })).toMatchInlineSnapshot(`
      {
        "baseFeeTrend": "up",
        "estimatedBaseFee": "200",
        "high": {
          "maxWaitTimeEstimate": 60000,
          "minWaitTimeEstimate": 15000,
          "suggestedMaxFeePerGas": "252.94",
          "suggestedMaxPriorityFeePerGas": "2.94",
        },
        "historicalBaseFeeRange": [
          "100",
          "300",
        ],
        "historicalPriorityFeeRange": [
          "0.5",
          "3",
        ],
        "latestPriorityFeeRange": [
          "0.5",
          "3",
        ],
        "low": {
          "maxWaitTimeEstimate": 30000,
          "minWaitTimeEstimate": 15000,
          "suggestedMaxFeePerGas": "221",
          "suggestedMaxPriorityFeePerGas": "1",
        },
        "medium": {
          "maxWaitTimeEstimate": 45000,
          "minWaitTimeEstimate": 15000,
          "suggestedMaxFeePerGas": "241.552",
          "suggestedMaxPriorityFeePerGas": "1.552",
        },
        "networkCongestion": 0.5,
        "priorityFeeTrend": "level",
      }
    `);
  });
});

describe('suggestGasFees: levels', () => {
  it('uses the floors 1, 1.5 and 2 gwei when every reward is zero', () => {
    const s = suggestGasFees({ blocks: chain(5, () => '10', () => rewards('0', '0', '0')), nextBaseFeePerGas: 0n });
    expect(levels(s)).toEqual(['1 / 12', '1.5 / 13.5', '2 / 14.5']);
  });

  it('uses the floors when no block has reward data', () => {
    const s = suggestGasFees({ blocks: chain(3, () => '10', () => undefined), nextBaseFeePerGas: 0n });
    expect(levels(s)).toEqual(['1 / 12', '1.5 / 13.5', '2 / 14.5']);
  });

  it('takes a single block as its own median', () => {
    const s = suggestGasFees({ blocks: [block(7, '1', rewards('10', '20', '30'))], nextBaseFeePerGas: gwei('1') });
    expect(levels(s)).toEqual(['9.4 / 10.5', '19.4 / 20.6', '29.4 / 30.65']);
  });

  it('takes the lower median of an even count', () => {
    const fees = ['4', '1', '3', '2'];
    const s = suggestGasFees({ blocks: chain(4, () => '0', (i) => rewards(fees[i]!, fees[i]!, fees[i]!)), nextBaseFeePerGas: 0n });
    // sorted 1, 2, 3, 4: index floor(3 / 2) = 1, so 2 gwei, times 0.94 / 0.97 / 0.98; high's 1.96 is under its 2 gwei floor
    expect(levels(s)).toEqual(['1.88 / 1.88', '1.94 / 1.94', '2 / 2']);
  });

  it('reads only the last five blocks', () => {
    const s = suggestGasFees({
      blocks: chain(7, () => '1', (i) => (i < 2 ? rewards('900', '900', '900') : rewards('5', '5', '5'))),
      nextBaseFeePerGas: 0n,
    });
    expect(s.low.suggestedMaxPriorityFeePerGas).toBe('4.7');
    expect(s.historicalPriorityFeeRange).toEqual(['5', '900']);
  });

  it('skips blocks without reward data in the median', () => {
    const s = suggestGasFees({ blocks: chain(5, () => '1', (i) => (i % 2 ? undefined : rewards('3', '3', '3'))), nextBaseFeePerGas: 0n });
    expect(s.low.suggestedMaxPriorityFeePerGas).toBe('2.82');
  });

  it('truncates in wei, never rounds', () => {
    // (3 gwei + 1 wei) * 98 / 100 = 2.94 gwei + 0.98 wei → 2.94 gwei; 999 wei * 125 / 100 = 1248.75 → 1248 wei
    const tip = gwei('3') + 1n;
    const fees = levelFeesWei('high', 999n, [{ number: 1n, baseFeePerGas: 999n, rewards: { 10: 0n, 20: 0n, 30: tip, 50: 0n, 95: 0n } }]);
    expect(fees).toEqual({ maxPriorityFeePerGas: 2_940_000_000n, maxFeePerGas: 2_940_000_000n + 1248n });
  });

  it('keeps huge values exact', () => {
    const base = 10n ** 30n + 1n;
    const tip = 10n ** 28n + 3n;
    const s = suggestGasFees({
      blocks: [{ number: 1n, baseFeePerGas: base, rewards: { 10: tip, 20: tip, 30: tip, 50: tip, 95: tip } }],
      nextBaseFeePerGas: base,
    });
    expect(s.estimatedBaseFee).toBe('1000000000000000000000.000000001');
    expect(s.low.suggestedMaxPriorityFeePerGas).toBe('9400000000000000000.000000002'); // (1e28 + 3) * 94 / 100
    expect(s.low.suggestedMaxFeePerGas).toBe('1109400000000000000000.000000003'); // (1e30 + 1) * 110 / 100 + tip
  });
});

describe('suggestGasFees: ranges, trends, congestion', () => {
  it('leaves zero 10th-percentile tips out of the low end, and says "0" when nothing else is left', () => {
    const blocks = [block(1, '5', rewards('0', '1', '2', '3', '8')), block(2, '6', rewards('0', '0', '0', '0', '0'))];
    const s = suggestGasFees({ blocks, nextBaseFeePerGas: gwei('6') });
    expect(s.latestPriorityFeeRange).toEqual(['0', '0']);
    expect(s.historicalPriorityFeeRange).toEqual(['0', '8']);
    expect(s.historicalBaseFeeRange).toEqual(['5', '6']);
  });

  it('takes the historical ranges over the last 200 blocks only', () => {
    const s = suggestGasFees({ blocks: chain(250, (i) => String(i + 1), (i) => rewards(String(i + 1), '0', '0', '0', String(i + 1))), nextBaseFeePerGas: 0n });
    expect(s.historicalBaseFeeRange).toEqual(['51', '250']);
    expect(s.historicalPriorityFeeRange).toEqual(['51', '250']);
    expect(s.latestPriorityFeeRange).toEqual(['250', '250']);
  });

  it.each([
    ['up', '11'],
    ['down', '9'],
    ['level', '10'],
  ] as const)('baseFeeTrend is %s when the next base fee is %s against 10', (trend, next) => {
    expect(suggestGasFees({ blocks: [block(1, '10')], nextBaseFeePerGas: gwei(next) }).baseFeeTrend).toBe(trend);
  });

  it.each([
    ['up', '2', '3'],
    ['down', '3', '2'],
    ['level', '2', '2'],
  ] as const)('priorityFeeTrend is %s for median tips %s then %s', (trend, before, after) => {
    const blocks = [block(1, '1', rewards('0', '0', '0', before)), block(2, '1', rewards('0', '0', '0', after))];
    expect(suggestGasFees({ blocks, nextBaseFeePerGas: 0n }).priorityFeeTrend).toBe(trend);
  });

  it('calls the priority fee level when a block lacks reward data', () => {
    expect(suggestGasFees({ blocks: [block(1, '1'), block(2, '1', rewards('1', '1', '1'))], nextBaseFeePerGas: 0n }).priorityFeeTrend).toBe('level');
    expect(suggestGasFees({ blocks: [block(2, '1', rewards('1', '1', '1'))], nextBaseFeePerGas: 0n }).priorityFeeTrend).toBe('level');
  });

  it.each([
    [[1, 2, 5, 4, 3], 0.5],
    [[5, 4, 3, 2, 1], 0],
    [[1, 2, 3, 4, 5], 1],
    [[2, 2, 2], 0],
    [[1, 3, 3, 2, 3], 0.5], // sorted 1 2 3 3 3: the first 3 is at index 2 of 4
    [[7], 0],
  ])('congestion of base fees %j (the last is the latest) is %d', (fees, expected) => {
    const s = suggestGasFees({ blocks: chain(fees.length, (i) => String(fees[i]), () => undefined), nextBaseFeePerGas: 0n });
    expect(s.networkCongestion).toBe(expected);
  });
});

describe('suggestGasFees: refuses bad input', () => {
  it('needs at least one block', () => {
    expect(() => suggestGasFees({ blocks: [], nextBaseFeePerGas: 0n })).toThrowErrorMatchingInlineSnapshot(`[RangeError: suggestGasFees needs at least the latest block]`);
  });

  it('needs ascending block numbers', () => {
    expect(() => suggestGasFees({ blocks: [block(2, '1'), block(2, '1')], nextBaseFeePerGas: 0n })).toThrowErrorMatchingInlineSnapshot(`[RangeError: blocks must be in ascending order: 2 then 2]`);
  });
});
