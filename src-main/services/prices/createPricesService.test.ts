import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPublicClient, http, parseAbi, type Address } from 'viem';
import { afterAll, describe, expect, it } from 'vitest';
import { currencySchema, priceAmountSchema } from '../../../src-shared/api/prices';
import { createRpcService } from '../rpc/createRpcService';
import { sandboxNetwork } from '../rpc/testing/sandboxNetwork';
import { sharedSandbox } from '../rpc/testing/sharedSandbox';
import { openStore } from '../store/openStore';
import { createPricesService } from './createPricesService';
import { readSandboxManifest } from './readSandboxManifest';
import { TRANSFER_GAS, TYPICAL_SWAP_GAS, TYPICAL_TOKEN_TRANSFER_GAS } from './typicalGas';

// The prices service over the run's shared sandbox (its feed moved by the live traffic), a real store, and the rpc
// service; every figure is checked against the node's own answer read here.
const sandbox = sharedSandbox();
const rpc = createRpcService({ resolve: async (id) => sandboxNetwork(sandbox.info, sandbox.info.key, { id }) });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-prices-'));
const store = openStore(dataDir);
const node = createPublicClient({ transport: http(sandbox.anvilUrl) });
const feedAbi = parseAbi(['function latestRoundData() view returns (uint80, int256, uint256, uint256, uint80)']);
// "custom" is a network on the sandbox's chain without a feed; "mainnet-fork" claims chain id 1, where the known feed has no code.
const chainIds: Record<string, number> = { local: 31337, custom: 31337, 'mainnet-fork': 1 };
const service = (now?: () => number) =>
  createPricesService({
    request: (id, method, params, options) => rpc.request(id, method, params, options),
    network: async (id) => {
      if (!(id in chainIds)) throw new Error(`No network ${id}`);
      return { chainId: chainIds[id]!, family: 'evm' };
    },
    settings: store.settings,
    sandbox: { networkId: 'local', facts: () => readSandboxManifest(sandbox.dataDir) },
    ...(now ? { now } : {}),
  });
afterAll(async () => {
  await rpc.close();
  store.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('prices service', () => {
  it("reads the Local sandbox's feed: the round, answer and time latestRoundData gives at the block it names", async () => {
    // The seed's round is from the seeded history's time (stale): wait for the live traffic's first round.
    const feed = sandbox.manifest.contracts.priceFeed!;
    const latestRound = async () => (await node.readContract({ address: feed, abi: feedAbi, functionName: 'latestRoundData' }))[0];
    await expect.poll(latestRound, { timeout: 60_000, interval: 500 }).toBeGreaterThan(1n);
    const view = await service().ethPrice('local');
    const price = view.price!;
    expect(price.source.kind).toBe('feed');
    if (price.source.kind !== 'feed') return;
    expect(price.source.address).toBe(sandbox.manifest.contracts.priceFeed);
    const [roundId, answer, , updatedAt] = await node.readContract({
      address: price.source.address as Address,
      abi: feedAbi,
      functionName: 'latestRoundData',
      blockNumber: BigInt(price.source.block),
    });
    expect(price).toMatchObject({ currency: 'USD', raw: answer.toString(), decimals: 8 });
    expect(price.source).toMatchObject({ description: 'ETH / USD', listedBy: 'sandbox', roundId: roundId.toString(), updatedAt: Number(updatedAt), stale: false });
    expect(view.note).toBeUndefined();
  });

  it('calls a round older than the feed allows stale', async () => {
    const later = service(() => Date.now() + 3_600_000);
    const { price } = await later.ethPrice('local');
    expect(price?.source).toMatchObject({ kind: 'feed', stale: true, staleAfterSeconds: 300 });
  });

  it('uses the price a person set where there is no feed, in their currency, with the time it was set; says so when there is neither', async () => {
    const prices = service();
    expect(await prices.ethPrice('custom')).toMatchObject({ price: null, userPrice: null, note: 'This network has no price feed the app knows, and no price has been set for it.' });
    const before = Date.now();
    const set = await prices.setUserPrice('custom', '2750.5', 'EUR');
    expect(set.price).toMatchObject({ currency: 'EUR', raw: '27505', decimals: 1, source: { kind: 'user' } });
    expect(set.userPrice).toMatchObject({ amount: '2750.5', currency: 'EUR' });
    expect(set.userPrice!.setAt).toBeGreaterThanOrEqual(before);
    // Kept in the store: a new service over it finds it.
    expect((await service().ethPrice('custom')).price).toMatchObject({ currency: 'EUR', raw: '27505' });
    // Local's feed still wins over a price set for Local.
    await prices.setUserPrice('local', '1', 'USD');
    expect((await prices.ethPrice('local')).price?.source.kind).toBe('feed');
    expect((await prices.clearUserPrice('custom')).price).toBeNull();
    await expect(prices.setUserPrice('nowhere', '1', 'USD')).rejects.toThrow('No network nowhere');
  });

  it("says a known feed that cannot be read, and falls back to the person's price", async () => {
    const prices = service();
    const unread = await prices.ethPrice('mainnet-fork');
    expect(unread.price).toBeNull();
    expect(unread.feed).toEqual({ address: '0x5f4eC3Df9cbd43714FE2740f5E3616155c5b8419', listedBy: 'known-feeds' });
    expect(unread.note).toMatch(/^The price feed 0x5f4eC3Df9cbd43714FE2740f5E3616155c5b8419 could not be read \(.+\)\.$/);
    await prices.setUserPrice('mainnet-fork', '3000', 'USD');
    const fallback = await prices.ethPrice('mainnet-fork');
    expect(fallback.price?.source.kind).toBe('user');
    expect(fallback.note).toMatch(/the price you set is used instead\.$/);
  });

  it("gives a transfer 21,000 gas and the seeded token transfer's and swap's receipts on Local; typical figures elsewhere", async () => {
    const prices = service();
    const receipt = (hash: `0x${string}`) => node.getTransactionReceipt({ hash });
    const { erc20Transfer, swap } = sandbox.manifest.transactions;
    expect(await prices.typicalGas('local')).toEqual([
      { kind: 'transfer', gas: TRANSFER_GAS.toString(), basis: 'protocol' },
      { kind: 'token-transfer', gas: (await receipt(erc20Transfer)).gasUsed.toString(), basis: 'receipt', transaction: erc20Transfer },
      { kind: 'swap', gas: (await receipt(swap)).gasUsed.toString(), basis: 'receipt', transaction: swap },
    ]);
    expect((await prices.typicalGas('custom')).map((row) => [row.kind, row.gas, row.basis])).toEqual([
      ['transfer', '21000', 'protocol'],
      ['token-transfer', TYPICAL_TOKEN_TRANSFER_GAS.toString(), 'typical'],
      ['swap', TYPICAL_SWAP_GAS.toString(), 'typical'],
    ]);
  });

  it("estimates a call's gas with the node's eth_estimateGas", async () => {
    const call = { from: sandbox.manifest.accounts.deployer.address, to: sandbox.manifest.accounts.traders[0]!.address, value: '0x1' };
    const expected = await node.estimateGas({ account: call.from, to: call.to, value: 1n });
    expect(await service().estimateGas('local', call)).toEqual({ gas: expected.toString() });
  });
});

describe('price input', () => {
  it.each([
    ['-3', 'A price is more than zero; “-3” is negative.'],
    ['abc', 'A price is a number such as 3012.45 (digits, one point, at most 18 places); “abc” is not.'],
    ['1e3', 'A price is a number such as 3012.45 (digits, one point, at most 18 places); “1e3” is not.'],
    ['0.00', 'A price is more than zero.'],
  ])('refuses %s', (text, message) => {
    expect(priceAmountSchema.safeParse(text).error?.issues[0]?.message).toBe(message);
  });

  it('takes a currency code in any case and refuses one that is not ISO 4217', () => {
    expect(currencySchema.parse('eur')).toBe('EUR');
    expect(currencySchema.safeParse('XYZW').error?.issues[0]?.message).toBe('“XYZW” is not a currency code this app knows; use a three-letter ISO 4217 code such as USD, EUR or JPY.');
    expect(currencySchema.safeParse('ABC').success).toBe(false);
  });
});
