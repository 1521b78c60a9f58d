import { encodeFunctionData, type Address, type HDAccount } from 'viem';
import { priceFeedAbi } from './abis';
import { createPrng } from './prng';
import type { SandboxClient } from './sandbox-chain';
import type { TrafficSender } from './traffic-sender';

/** The traffic starts a new price round on every block whose number is a multiple of this. */
export const PRICE_ROUND_BLOCKS = 10n;
/** The largest move of one round, as a fraction of the price (up or down). */
export const PRICE_STEP = 0.01;
// The walk is kept between these (8 decimals): a sandbox left running for weeks still shows an ETH-like price.
const FLOOR = 1_500n * 10n ** 8n;
const CEILING = 6_000n * 10n ** 8n;

/**
 * The answer after `previous` for the round started at block `head`: a step of at most {@link PRICE_STEP} up or down,
 * drawn from a generator seeded with the block number (so a block always moves the price the same way, whatever the
 * traffic's own seed), kept within $1,500-$6,000.
 */
export function nextAnswer(previous: bigint, head: bigint): bigint {
  const step = (createPrng(Number(head % 0xffff_ffffn)).next() * 2 - 1) * PRICE_STEP;
  const next = previous + (previous * BigInt(Math.round(step * 1_000_000))) / 1_000_000n;
  return next < FLOOR ? FLOOR : next > CEILING ? CEILING : next;
}

/**
 * On every {@link PRICE_ROUND_BLOCKS}-th block, sends the feed's updater's `updateAnswer` with the next answer.
 * Returns whether a round was sent.
 */
export async function movePrice(client: SandboxClient, sender: TrafficSender, updater: HDAccount, feed: Address, head: bigint, maxFee: bigint): Promise<boolean> {
  if (head % PRICE_ROUND_BLOCKS !== 0n) return false;
  const [, answer] = await client.readContract({ address: feed, abi: priceFeedAbi, functionName: 'latestRoundData' });
  const data = encodeFunctionData({ abi: priceFeedAbi, functionName: 'updateAnswer', args: [nextAnswer(answer, head)] });
  const tx = { to: feed, data, gas: 120_000n, maxFeePerGas: maxFee, maxPriorityFeePerGas: 1_000_000_000n };
  return (await sender.send(updater, tx, 'price feed round')) !== undefined;
}
