import { encodeFunctionData, type Address, type HDAccount } from 'viem';
import { logStormAbi } from './abis';
import type { SeedDriver } from './seed-driver';

/** Blocks in a row that each hold one `emitMany(LOGS_PER_TX)`. */
export const LOG_STORM_BLOCKS = 50;
/** Events per storm transaction: about 2.7M gas, well inside a block. */
export const LOGS_PER_TX = 1_200;
/** The first blocks of the storm form the dense range: 10 x 1,200 = 12,000 logs. */
export const DENSE_BLOCKS = 10;

/** Where the storm landed. */
export interface LogStormRange {
  fromBlock: number;
  toBlock: number;
  totalLogs: number;
  denseFromBlock: number;
  denseToBlock: number;
  denseLogs: number;
}

/**
 * Mines LOG_STORM_BLOCKS blocks with one LogStorm.emitMany each, sent by the emitters in turn:
 * 60,000 events in 50 blocks, and more than 10,000 in the first ten, so eth_getLogs over that
 * short range exceeds the hosted service's result limit.
 */
export async function seedLogStorm(driver: SeedDriver, logStorm: Address, emitters: readonly HDAccount[]): Promise<LogStormRange> {
  const data = encodeFunctionData({ abi: logStormAbi, functionName: 'emitMany', args: [BigInt(LOGS_PER_TX)] });
  const fromBlock = driver.head + 1;
  for (let i = 0; i < LOG_STORM_BLOCKS; i++) {
    await driver.send(emitters[i % emitters.length]!, { to: logStorm, data, gas: 3_500_000n }, 'LogStorm.emitMany');
    await driver.mine();
  }
  return {
    fromBlock,
    toBlock: driver.head,
    totalLogs: LOG_STORM_BLOCKS * LOGS_PER_TX,
    denseFromBlock: fromBlock,
    denseToBlock: fromBlock + DENSE_BLOCKS - 1,
    denseLogs: DENSE_BLOCKS * LOGS_PER_TX,
  };
}
