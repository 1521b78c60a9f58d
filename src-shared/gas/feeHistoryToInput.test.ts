import { describe, expect, it } from 'vitest';
import { decodeFeeHistory, feeHistoryToInput } from './feeHistoryToInput';
import { suggestGasFees } from './suggestGasFees';

const hex = (value: bigint | number) => `0x${value.toString(16)}`;
const gwei = (n: number) => BigInt(n) * 10n ** 9n;

describe('feeHistoryToInput', () => {
  // The published test vector as a node would send it: eth_feeHistory(3, 0x66, [10, 20, 30, 50, 95]).
  const feeHistory = {
    oldestBlock: '0x64',
    baseFeePerGas: [hex(gwei(300)), hex(gwei(100)), hex(gwei(200)), hex(gwei(190))],
    gasUsedRatio: [0.5, 0.1, 0.4],
    baseFeePerBlobGas: ['0x1', '0x1', '0x1', '0x1'],
    reward: [
      ['0x0', hex(gwei(1)), '0x0', '0x0', '0x0'],
      [hex(gwei(1) / 2n), hex(1_600_000_000n), hex(gwei(3)), hex(gwei(3)), hex(gwei(4))],
      [hex(gwei(1) / 2n), hex(gwei(2)), hex(gwei(3)), hex(gwei(3)), hex(gwei(5))],
    ],
  };
  const latestBlock = { number: '0x66', baseFeePerGas: hex(gwei(200)), hash: '0xab' };

  it('turns raw hex answers into the test vector, with the next base fee from the last entry', () => {
    const input = feeHistoryToInput({ latestBlock, feeHistory });
    expect(input.blocks.map((b) => b.number)).toEqual([100n, 101n, 102n]);
    expect(input.nextBaseFeePerGas).toBe(gwei(190));
    const s = suggestGasFees(input);
    expect([s.low, s.medium, s.high].map((l) => l.suggestedMaxFeePerGas)).toEqual(['221', '241.552', '252.94']);
    expect(s.baseFeeTrend).toBe('down');
    expect(s.latestPriorityFeeRange).toEqual(['0.5', '5']);
  });

  it('reads the reward columns by the percentiles asked for, in any order', () => {
    const reordered = { ...feeHistory, reward: feeHistory.reward.map((row) => [...row].reverse()) };
    const input = feeHistoryToInput({ latestBlock, feeHistory: reordered, percentiles: [95, 50, 30, 20, 10] });
    expect(input.blocks[2]!.rewards).toEqual({ 10: gwei(1) / 2n, 20: gwei(2), 30: gwei(3), 50: gwei(3), 95: gwei(5) });
  });

  it('leaves out entries it cannot number: Anvil returning fewer blocks than the range it reports', () => {
    // Anvil after a state restore, asked for 5 blocks ending at 0x66: it has one of them, and says oldestBlock 0x62.
    const partial = { oldestBlock: '0x62', baseFeePerGas: [hex(gwei(1)), hex(gwei(175))], gasUsedRatio: [0], reward: [['0x0', '0x0', '0x0', '0x0', '0x0']] };
    expect(decodeFeeHistory(partial, { newestBlock: 0x66n, percentiles: [10, 20, 30, 50, 95] })).toEqual({
      blocks: [],
      nextBaseFeePerGas: gwei(175),
      unplaced: 1,
    });
    const input = feeHistoryToInput({ latestBlock, feeHistory: partial });
    expect(input.blocks).toEqual([{ number: 102n, baseFeePerGas: gwei(200) }]);
  });

  it('numbers a range geth trimmed at the old end from its oldestBlock', () => {
    const trimmed = { oldestBlock: '0x65', baseFeePerGas: [hex(gwei(100)), hex(gwei(200)), hex(gwei(190))], gasUsedRatio: [0, 0] };
    expect(decodeFeeHistory(trimmed, { newestBlock: 0x66n }).blocks.map((b) => b.number)).toEqual([101n, 102n]);
  });

  it('still sets the base fee when the node has no fee history for the latest block', () => {
    const empty = { oldestBlock: '0x62', baseFeePerGas: [hex(gwei(175))], gasUsedRatio: [], reward: [] };
    const input = feeHistoryToInput({ latestBlock, feeHistory: empty });
    expect(input.blocks).toEqual([{ number: 102n, baseFeePerGas: gwei(200) }]);
    expect(suggestGasFees(input).low.suggestedMaxFeePerGas).toBe('221');
  });

  it('widens the congestion window with a longer history, keeping the rewards of the main one', () => {
    const congestionHistory = {
      oldestBlock: '0x62',
      baseFeePerGas: [hex(gwei(400)), hex(gwei(500)), hex(gwei(300)), hex(gwei(100)), hex(gwei(200)), hex(gwei(190))],
      gasUsedRatio: [0, 0, 0, 0, 0],
    };
    const input = feeHistoryToInput({ latestBlock, feeHistory, congestionHistory });
    expect(input.blocks.map((b) => [b.number, b.rewards !== undefined])).toEqual([
      [98n, false],
      [99n, false],
      [100n, true],
      [101n, true],
      [102n, true],
    ]);
    expect(suggestGasFees(input).networkCongestion).toBe(0.25); // 200 among 100 200 300 400 500
  });

  it('refuses a block without a base fee', () => {
    expect(() => feeHistoryToInput({ latestBlock: { number: '0x66', baseFeePerGas: null }, feeHistory })).toThrowErrorMatchingInlineSnapshot(
      `[RangeError: block 102 has no base fee: the chain has no EIP-1559 fees]`,
    );
  });

  it('refuses a history and a block that disagree', () => {
    expect(() => feeHistoryToInput({ latestBlock: { number: '0x66', baseFeePerGas: '0x1' }, feeHistory })).toThrowErrorMatchingInlineSnapshot(
      `[RangeError: eth_feeHistory and the block disagree on block 102's base fee: was the chain reorganized between the two calls?]`,
    );
  });

  it('refuses percentiles that leave out one it needs', () => {
    expect(() => feeHistoryToInput({ latestBlock, feeHistory, percentiles: [10, 20, 30] })).toThrowErrorMatchingInlineSnapshot(
      `[RangeError: reward percentiles must include 10, 20, 30, 50, 95; got 10, 20, 30]`,
    );
  });

  it('refuses malformed answers', () => {
    expect(() => feeHistoryToInput({ latestBlock, feeHistory: { ...feeHistory, baseFeePerGas: ['12'] } })).toThrow(/0x hex quantity/);
    expect(() => feeHistoryToInput({ latestBlock, feeHistory: { ...feeHistory, baseFeePerGas: feeHistory.baseFeePerGas.slice(1) } })).toThrow(
      /answered 3 blocks but 3 base fees/,
    );
    expect(() => feeHistoryToInput({ latestBlock, feeHistory: { ...feeHistory, reward: feeHistory.reward.slice(1) } })).toThrow(/2 reward rows/);
  });
});

describe('decodeFeeHistory', () => {
  it('decodes a history asked for without percentiles as base fees only', () => {
    const decoded = decodeFeeHistory({ oldestBlock: '0x0', baseFeePerGas: ['0x3b9aca00', '0x342770c0'], gasUsedRatio: [0], reward: [] }, { newestBlock: 0n });
    expect(decoded).toEqual({ blocks: [{ number: 0n, baseFeePerGas: 1_000_000_000n }], nextBaseFeePerGas: 875_000_000n, unplaced: 0 });
  });
});
