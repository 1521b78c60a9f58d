import type { Address, HDAccount } from 'viem';
import { priceFeedAbi } from './abis';
import { compileSandboxContracts } from './contracts';
import type { SeedDriver } from './seed-driver';

/** The feed's first answer: $3,012.45 per ETH, with the feed's 8 decimals. */
export const PRICE_FEED_INITIAL_ANSWER = 301_245_000_000n;

/**
 * Deploys the sandbox's Chainlink-style ETH / USD feed (SandboxPriceFeed.sol), its first round answered at
 * {@link PRICE_FEED_INITIAL_ANSWER}, in a block of its own; only `updater` (a traffic account) may start later rounds,
 * which the live traffic does (traffic-price.ts).
 */
export async function seedPriceFeed(driver: SeedDriver, deployer: HDAccount, updater: Address): Promise<Address> {
  const own = compileSandboxContracts();
  const feed = await driver.deploy(
    deployer,
    { abi: priceFeedAbi, bytecode: own.SandboxPriceFeed.bytecode },
    [updater, PRICE_FEED_INITIAL_ANSWER],
    600_000n,
    'deploy SandboxPriceFeed',
  );
  await driver.mine();
  return feed.address;
}
