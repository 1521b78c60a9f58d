import { encodeFunctionData, parseGwei, toHex, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { gasBurnerAbi } from '../chain/abis';
import { startSandbox } from '../sandbox';
import { rpcResult } from '../testing/rawRpc';
import { seededCopies } from '../testing/seededCopies';

// The gas API's trends, moved on purpose: a sandbox of its own with no traffic, and blocks mined by the test with the
// gas and tips it chooses (SERVICE-FACTS: `baseFeeTrend` is the next block's base fee against the latest's, so a block
// over half full sends it up and a near-empty one down; `priorityFeeTrend` compares the median tips of the last two
// blocks). Nothing waits for random traffic to happen to do it.

const { seeded, later } = seededCopies('blockglass-gas-trends-');
const KEY = 'trendskey000000000000000000000001';
const SECRET = 'trendssecret0000000000000000001';

describe('gas API trends', () => {
  it('go up after a full block with higher tips, and down after a near-empty one with lower tips', { timeout: 120_000 }, async () => {
    const sandbox = await startSandbox({ dataDir: seeded(), key: KEY, secret: SECRET, blockTimeSeconds: 0 });
    later(() => sandbox.close());
    const anvil = sandbox.anvilUrl;
    const from = sandbox.manifest.accounts.deployer.address;
    const basic = `Basic ${Buffer.from(`${KEY}:${SECRET}`).toString('base64')}`;
    const suggestionFor = async (block: number) => {
      let body: { baseFeeTrend?: string; priorityFeeTrend?: string } = {};
      await expect
        .poll(async () => {
          const response = await fetch(`${sandbox.info.gasUrl}/networks/${sandbox.info.chainId}/suggestedGasFees`, { headers: { authorization: basic } });
          body = (await response.json()) as typeof body;
          return Number(response.headers.get('x-block-number'));
        }, { timeout: 30_000 })
        .toBe(block);
      return body;
    };

    await rpcResult(anvil, 'evm_setAutomine', [false]);
    const { gasLimit } = await rpcResult<{ gasLimit: Hex }>(anvil, 'eth_getBlockByNumber', ['latest', false]);
    const send = (tip: number, extra: { to: Hex; data?: Hex; gas: bigint }) =>
      rpcResult<Hex>(anvil, 'eth_sendTransaction', [{ from, to: extra.to, data: extra.data, gas: toHex(extra.gas), maxPriorityFeePerGas: toHex(parseGwei(String(tip))), maxFeePerGas: toHex(parseGwei('1000')) }]);
    const transfer = (tip: number) => send(tip, { to: from, gas: 21_000n });
    const burn = (tip: number, share: bigint) =>
      send(tip, { to: sandbox.manifest.contracts.gasBurner, data: encodeFunctionData({ abi: gasBurnerAbi, functionName: 'burn', args: [(BigInt(gasLimit) * share) / 100n] }), gas: (BigInt(gasLimit) * (share + 5n)) / 100n });
    const mine = async () => {
      await rpcResult(anvil, 'evm_mine', []);
      return Number(await rpcResult<Hex>(anvil, 'eth_blockNumber', []));
    };

    // A near-empty block with a 1 gwei tip, then one over half full (two burns of 30% of the gas limit) at 10 gwei.
    await transfer(1);
    await mine();
    await burn(10, 30n);
    await burn(10, 30n);
    const full = await mine();
    const fullBlock = await rpcResult<{ gasUsed: Hex }>(anvil, 'eth_getBlockByNumber', [toHex(full), false]);
    expect(Number(fullBlock.gasUsed)).toBeGreaterThan(Number(gasLimit) / 2);
    expect(await suggestionFor(full)).toMatchObject({ baseFeeTrend: 'up', priorityFeeTrend: 'up' });

    // A near-empty block with a 1 gwei tip again.
    await transfer(1);
    const empty = await mine();
    expect(await suggestionFor(empty)).toMatchObject({ baseFeeTrend: 'down', priorityFeeTrend: 'down' });
  });
});
