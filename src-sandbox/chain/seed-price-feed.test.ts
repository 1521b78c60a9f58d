import { createPublicClient, http, type Hex } from 'viem';
import { describe, expect, inject, it } from 'vitest';
import { priceFeedAbi } from './abis';
import { rpcResult } from '../testing/rawRpc';
import { PRICE_FEED_INITIAL_ANSWER } from './seed-price-feed';

// The seeded price feed, read from the run's seeded sandbox (the chain as saved and restored) at the seed's last block.
const { manifest, anvilUrl } = inject('sandbox');
const client = createPublicClient({ transport: http(anvilUrl) });
const atSeed = { blockNumber: BigInt(manifest.seededToBlock) };

describe('the seeded price feed', () => {
  it('is an AggregatorV3Interface ETH / USD feed with 8 decimals, its first round answered when it was deployed', async () => {
    const feed = manifest.contracts.priceFeed!;
    expect(feed).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const read = <F extends 'decimals' | 'description' | 'latestRoundData'>(functionName: F) =>
      client.readContract({ address: feed, abi: priceFeedAbi, functionName, ...atSeed });
    expect(await read('decimals')).toBe(8);
    expect(await read('description')).toBe('ETH / USD');
    const [roundId, answer, startedAt, updatedAt, answeredInRound] = await read('latestRoundData');
    expect({ roundId, answer, answeredInRound }).toEqual({ roundId: 1n, answer: PRICE_FEED_INITIAL_ANSWER, answeredInRound: 1n });
    expect(startedAt).toBe(updatedAt);
    // updatedAt is the time of the block that deployed the feed: find that block through the creation's receipt.
    const logs = await client.getContractEvents({ address: feed, abi: priceFeedAbi, eventName: 'AnswerUpdated', fromBlock: 0n, toBlock: atSeed.blockNumber });
    expect(logs).toHaveLength(1);
    const block = await client.getBlock({ blockNumber: logs[0]!.blockNumber });
    expect(updatedAt).toBe(block.timestamp);
    const deploy = await rpcResult<{ contractAddress: Hex | null }>(anvilUrl, 'eth_getTransactionReceipt', [logs[0]!.transactionHash]);
    expect(deploy.contractAddress?.toLowerCase()).toBe(feed.toLowerCase());
    expect(await client.readContract({ address: feed, abi: priceFeedAbi, functionName: 'getRoundData', args: [1n], ...atSeed })).toEqual([
      1n,
      PRICE_FEED_INITIAL_ANSWER,
      updatedAt,
      updatedAt,
      1n,
    ]);
  });

  it('lets only the last traffic account start a round, and refuses a round that does not exist', async () => {
    const feed = manifest.contracts.priceFeed!;
    const updater = await client.readContract({ address: feed, abi: priceFeedAbi, functionName: 'updater', ...atSeed });
    expect(updater).toBe(manifest.accounts.traffic.at(-1)!.address);
    await expect(
      client.simulateContract({ address: feed, abi: priceFeedAbi, functionName: 'updateAnswer', args: [1n], account: manifest.accounts.deployer.address }),
    ).rejects.toThrow(/NotUpdater/);
    await expect(client.readContract({ address: feed, abi: priceFeedAbi, functionName: 'getRoundData', args: [999_999n], ...atSeed })).rejects.toThrow(/NoSuchRound/);
  });
});
