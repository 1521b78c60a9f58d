import { formatGwei, parseGwei } from 'viem';
import { rpcResult } from '../../testing/rawRpc';

// Test support: the fee suggestion recomputed from SERVICE-FACTS and Anvil's own eth_feeHistory, sharing no code
// with src-shared/gas, so a test comparing the two checks the estimator rather than repeating it.

const gwei = (value: number | string) => parseGwei(String(value));
const hex = (value: bigint) => `0x${value.toString(16)}`;

/** The published algorithm, written again from SERVICE-FACTS: levels from the latest block and eth_feeHistory(5, N, [10, 20, 30]). */
export async function expectedLevels(anvilUrl: string, number: bigint) {
  const block = await rpcResult<{ baseFeePerGas: string }>(anvilUrl, 'eth_getBlockByNumber', [hex(number), false]);
  const history = await rpcResult<{ reward: string[][] }>(anvilUrl, 'eth_feeHistory', ['0x5', hex(number), [10, 20, 30]]);
  const base = BigInt(block.baseFeePerGas);
  const table = { low: [0, 110n, 94n, gwei(1)], medium: [1, 120n, 97n, gwei(1.5)], high: [2, 125n, 98n, gwei(2)] } as const;
  return Object.fromEntries(
    Object.entries(table).map(([level, [column, baseX, tipX, floor]]) => {
      const sorted = history.reward.map((row) => BigInt(row[column]!)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
      const tip = (median * tipX) / 100n > floor ? (median * tipX) / 100n : floor;
      return [level, { tip: formatGwei(tip), maxFee: formatGwei((base * baseX) / 100n + tip) }];
    }),
  );
}

/** The other fields, from their SERVICE-FACTS definitions and eth_feeHistory alone; for chains of under 1,024 blocks. */
export async function expectedOtherFields(anvilUrl: string, number: bigint) {
  if (number >= 1023n) throw new Error('expectedOtherFields reads the whole chain in one eth_feeHistory: keep test chains short');
  const sorted = (values: bigint[]) => [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const all = await rpcResult<{ baseFeePerGas: string[]; reward: string[][] }>(anvilUrl, 'eth_feeHistory', [hex(number + 1n), hex(number), [10, 50, 95]]);
  const baseFees = all.baseFeePerGas.slice(0, -1).map(BigInt); // the chain is short: the whole chain is the window
  const latestBase = baseFees[baseFees.length - 1]!;
  const range = (rows: string[][]) => {
    const lows = sorted(rows.map((row) => BigInt(row[0]!)).filter((tip) => tip > 0n));
    const highs = sorted(rows.map((row) => BigInt(row[2]!)));
    return [formatGwei(lows[0] ?? 0n), formatGwei(highs[highs.length - 1]!)];
  };
  const trend = (before: bigint, after: bigint) => (after > before ? 'up' : after < before ? 'down' : 'level');
  const rows = all.reward;
  return {
    estimatedBaseFee: formatGwei(latestBase),
    networkCongestion: sorted(baseFees).findIndex((fee) => fee >= latestBase) / (baseFees.length - 1),
    latestPriorityFeeRange: range(rows.slice(-1)),
    historicalPriorityFeeRange: range(rows.slice(-200)),
    historicalBaseFeeRange: [formatGwei(sorted(baseFees.slice(-200))[0]!), formatGwei(sorted(baseFees.slice(-200)).at(-1)!)],
    priorityFeeTrend: trend(BigInt(rows.at(-2)![1]!), BigInt(rows.at(-1)![1]!)),
    baseFeeTrend: trend(latestBase, BigInt(all.baseFeePerGas.at(-1)!)),
  };
}
