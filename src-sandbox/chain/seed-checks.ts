import { decodeErrorResult, type AbiItem, encodeFunctionData, maxUint256, numberToHex, pad, type Address, type Hex } from 'viem';
import { formatAbiItem } from 'viem/utils';
import { reverterAbi, uniswapFactoryAbi } from './abis';
import type { SeedManifest } from './manifest';
import { revertDataOf } from './revert-data';
import type { SandboxClient } from './sandbox-chain';
import { STORAGE_SHOWCASE_INIT } from './seed-deploy';
import type { LogStormRange } from './seed-log-storm';
import type { SeedPair } from './seed-uniswap';
import { BALANCES_SLOT, mappingSlot } from './storage-slots';

// The seeder states nothing it has not read back from the node: each function below checks
// one group of manifest claims against Anvil and throws if the chain disagrees.

/** Runs each revert kind's eth_call against Reverter and returns the manifest's `reverts`. */
export async function checkReverts(client: SandboxClient, reverter: Address): Promise<SeedManifest['reverts']> {
  const revert = async (data: Hex) => {
    try {
      await client.call({ to: reverter, data });
    } catch (error) {
      const payload = revertDataOf(error);
      // Widened: viem types errorName by the ABI's own errors, but Error and Panic decode too.
      if (payload) return decodeErrorResult({ abi: reverterAbi, data: payload }) as { errorName: string; args: readonly unknown[]; abiItem: AbiItem };
      throw error;
    }
    throw new Error(`seed check: eth_call ${data.slice(0, 10)} to Reverter did not revert`);
  };

  const reasonData = encodeFunctionData({ abi: reverterAbi, functionName: 'requireNonZero', args: [0n] });
  const reason = await revert(reasonData);
  if (reason.errorName !== 'Error') throw new Error(`seed check: requireNonZero(0) reverted with ${reason.errorName}`);

  const customData = encodeFunctionData({ abi: reverterAbi, functionName: 'withdraw', args: [1_000n] });
  const custom = await revert(customData);
  if (custom.errorName !== 'InsufficientBalance') throw new Error(`seed check: withdraw(1000) reverted with ${custom.errorName}`);

  const overflowData = encodeFunctionData({ abi: reverterAbi, functionName: 'increment', args: [maxUint256] });
  const overflow = await revert(overflowData);
  const divisionData = encodeFunctionData({ abi: reverterAbi, functionName: 'divide', args: [1n, 0n] });
  const division = await revert(divisionData);
  for (const [decoded, code] of [
    [overflow, 0x11n],
    [division, 0x12n],
  ] as const) {
    if (decoded.errorName !== 'Panic' || decoded.args[0] !== code) {
      throw new Error(`seed check: expected Panic(0x${code.toString(16)}), got ${decoded.errorName}(${String(decoded.args[0])})`);
    }
  }

  return {
    reasonString: { data: reasonData, reason: String(reason.args[0]) },
    customError: { data: customData, errorName: custom.errorName, signature: formatAbiItem(custom.abiItem) },
    panicOverflow: { data: overflowData, panicCode: 0x11 },
    panicDivisionByZero: { data: divisionData, panicCode: 0x12 },
  };
}

/** Reads StorageShowcase's slots back and returns the manifest's `storage`. */
export async function checkStorage(client: SandboxClient, showcase: Address, owner: Address, mappingKey: Address): Promise<SeedManifest['storage']> {
  const word = (value: bigint) => numberToHex(value, { size: 32 });
  const storage: SeedManifest['storage'] = {
    plain: [
      { name: 'owner', slot: 0, value: pad(owner.toLowerCase() as Hex) },
      { name: 'number', slot: 1, value: word(STORAGE_SHOWCASE_INIT.number) },
      { name: 'flag', slot: 2, value: word(STORAGE_SHOWCASE_INIT.flag ? 1n : 0n) },
    ],
    mapping: { name: 'balances', slot: Number(BALANCES_SLOT), key: mappingKey, value: word(STORAGE_SHOWCASE_INIT.balance) },
  };
  const expected: [Hex, Hex][] = [
    ...storage.plain.map((p): [Hex, Hex] => [numberToHex(p.slot, { size: 32 }), p.value]),
    [mappingSlot(mappingKey, BALANCES_SLOT), storage.mapping.value],
  ];
  for (const [slot, value] of expected) {
    const actual = await client.getStorageAt({ address: showcase, slot });
    if (actual?.toLowerCase() !== value.toLowerCase()) throw new Error(`seed check: slot ${slot} holds ${actual}, expected ${value}`);
  }
  return storage;
}

/** Counts the storm's logs with eth_getLogs over the whole and the dense range. */
export async function checkLogStorm(client: SandboxClient, logStorm: Address, range: LogStormRange): Promise<void> {
  const total = await countLogs(client, logStorm, range.fromBlock, range.toBlock);
  const dense = await countLogs(client, logStorm, range.denseFromBlock, range.denseToBlock);
  if (total !== range.totalLogs || dense !== range.denseLogs) {
    throw new Error(`seed check: LogStorm has ${total} logs (${dense} dense), expected ${range.totalLogs} (${range.denseLogs})`);
  }
}

/**
 * Counts `address`'s logs in [from, to] with eth_getLogs, a few blocks per request: 1,200 logs
 * are about 0.8 MB of JSON, and viem refuses responses over 10 MB.
 */
export async function countLogs(client: SandboxClient, address: Address, from: number, to: number, blocksPerRequest = 5): Promise<number> {
  let count = 0;
  for (let start = from; start <= to; start += blocksPerRequest) {
    const end = Math.min(to, start + blocksPerRequest - 1);
    const logs = (await client.request({
      method: 'eth_getLogs',
      params: [{ address, fromBlock: numberToHex(start), toBlock: numberToHex(end) }],
    })) as unknown[];
    count += logs.length;
  }
  return count;
}

/** Checks that the factory knows each pair at the CREATE2 address the seeder computed. */
export async function checkPairs(client: SandboxClient, factory: Address, pairs: readonly SeedPair[]): Promise<void> {
  for (const pair of pairs) {
    const actual = await client.readContract({ address: factory, abi: uniswapFactoryAbi, functionName: 'getPair', args: [pair.token0, pair.token1] });
    if (actual.toLowerCase() !== pair.address.toLowerCase()) throw new Error(`seed check: factory has pair ${actual}, computed ${pair.address}`);
  }
}
