import fs from 'node:fs';
import path from 'node:path';
import { decodeFunctionResult, encodeFunctionData, parseAbi, type Hex } from 'viem';
import type { SeedManifest } from '../src-sandbox/chain/manifest';
import { nodeClient } from '../test-support/nodeClient';
import { appPath } from './chain';
import type { Page } from '@playwright/test';
import { expect, test, type RunningApp } from './appFixture';
import { appSandbox } from './appSandbox';
import { ownNode } from './ownNode';
import { e2eSandbox, e2eSandboxDir } from './sandbox';

// A product manager wants to know whether a fee is expensive: a transaction's page shows its fee and value in US
// dollars beside ETH, at the price of the sandbox's Chainlink-style ETH / USD feed, naming the round and its time.
// Every figure is worked out here from the node's own answers (the receipt's gasUsed x effectiveGasPrice, the
// transaction's value, and the feed's getRoundData for the round the page names), read from the app's own sandbox
// (its live traffic moves the price, and its blocks past the seed are its own). Then, on a network with no feed, the
// person sets a price in euros on the gas page and sees it used and named as set by them.

const feedAbi = parseAbi([
  'function getRoundData(uint80 roundId) view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)',
  'function decimals() view returns (uint8)',
]);
const erc20 = parseAbi(['function transfer(address to, uint256 value) returns (bool)']);
const manifest = () => JSON.parse(fs.readFileSync(path.join(e2eSandboxDir(), 'chain', 'manifest.json'), 'utf8')) as SeedManifest;
const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** `units` (an integer with `decimals` places) rounded half up to hundredths, written as a currency does: `$1,234.57`. */
function money(symbol: string, units: bigint, decimals: number): string {
  const scale = 10n ** BigInt(decimals - 2);
  const cents = (units + scale / 2n) / scale;
  return `${symbol}${group((cents / 100n).toString())}.${(cents % 100n).toString().padStart(2, '0')}`;
}

/** The transaction's fee and value as the node answers: the receipt's gasUsed x effectiveGasPrice, the transaction's value. */
async function feeAndValue(request: (method: string, params: unknown[]) => Promise<unknown>, hash: string) {
  const receipt = (await request('eth_getTransactionReceipt', [hash])) as { gasUsed: Hex; effectiveGasPrice: Hex };
  const tx = (await request('eth_getTransactionByHash', [hash])) as { value: Hex };
  return { fee: BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice), value: BigInt(tx.value) };
}

/**
 * What the overview shows. The price is read again every 30 s, so the figures and the round are read until a read
 * begins and ends on the same round (a new round between would pair one round's figure with another's name).
 */
async function overview(page: Page) {
  for (;;) {
    const fee = page.getByTestId('tx-fee-money');
    const source = page.getByTestId('price-source');
    const before = await source.getAttribute('data-source') === 'feed' ? await source.getAttribute('data-round') : null;
    const shown = {
      fee: await fee.textContent(),
      feeRound: await fee.getAttribute('data-round'),
      value: await page.getByTestId('tx-value-money').textContent(),
      source: await source.textContent(),
      sourceRound: await source.getAttribute('data-round'),
      sourceKind: await source.getAttribute('data-source'),
      updated: await source.locator('time').getAttribute('datetime'),
      perEth: await source.getByTestId('price-per-eth').textContent(),
    };
    if (shown.sourceRound === before && shown.feeRound === before) return shown;
  }
}

test("a transaction's fee and value in dollars, at the feed's round the page names, equal fee x price from the node", async ({ readOnlyApp: app, page }) => {
  const { transactions, contracts } = manifest();
  // A seeded payment of ETH split among payees: it pays a fee and carries a value.
  const hash = transactions.internalTransfer.hash;
  // Money needs Intl, whose data a worker of the window loads first (lib/intlReady.ts): the page's policy lets it start.
  const intlWorker = page.waitForEvent('worker', { predicate: (worker) => /intlWarmup/.test(worker.url()), timeout: 30_000 });
  await page.goto(appPath(app.url, `/explorer/tx/${hash}`));
  await expect(page.getByTestId('tx-fee-money')).toBeVisible({ timeout: 30_000 });
  await intlWorker;
  const shown = await overview(page);
  expect(shown.sourceKind).toBe('feed');
  expect(shown.feeRound).toBe(shown.sourceRound);

  const sandbox = await appSandbox(app);
  const node = nodeClient(`${sandbox.origin}/local/v3/${sandbox.key}`);
  const request = async (method: string, params: unknown[]) => node.request({ method, params } as never) as Promise<unknown>;
  const read = async <F extends 'getRoundData' | 'decimals'>(functionName: F, args: readonly unknown[]) => {
    const data = encodeFunctionData({ abi: feedAbi, functionName, args } as never);
    const answer = (await request('eth_call', [{ to: contracts.priceFeed, data }, 'latest'])) as Hex;
    return decodeFunctionResult({ abi: feedAbi, functionName, data: answer } as never) as unknown;
  };
  const decimals = Number(await read('decimals', []));
  const [, answer, , updatedAt] = (await read('getRoundData', [BigInt(shown.sourceRound!)])) as [bigint, bigint, bigint, bigint, bigint];
  const { fee, value } = await feeAndValue(request, hash);
  expect(fee).toBeGreaterThan(0n);
  expect(value).toBeGreaterThan(0n);

  // The page's figures: fee x price and value x price, rounded to cents; the price and its round's time as the feed says.
  expect(shown.fee).toBe(money('$', fee * answer, 18 + decimals));
  expect(shown.value).toBe(money('$', value * answer, 18 + decimals));
  expect(shown.perEth).toBe(money('$', answer, decimals));
  expect(shown.updated).toBe(new Date(Number(updatedAt) * 1000).toISOString());
  expect(shown.source).toContain(`Chainlink-style feed ETH / USD`);
  expect(shown.source).toContain(`round ${shown.sourceRound}`);

  // The gas page leads with the levels, each pricing a transfer, a token transfer and a swap in dollars; its settings come last.
  await page.goto(appPath(app.url, '/gas'));
  const medium = page.getByRole('article', { name: 'Medium level' });
  await expect(medium.getByTestId('cost-transfer-medium')).toHaveText(/^\$\d/, { timeout: 30_000 });
  await expect(medium.getByTestId('cost-swap-medium')).toHaveText(/^\$\d/);
  await expect(medium.getByText(/Swap \([\d,]+ gas, a seeded one's receipt\)/)).toBeVisible();
  const levelsAt = (await page.getByRole('region', { name: 'Fee levels' }).boundingBox())!.y;
  const settingsAt = (await page.getByRole('region', { name: 'Settings', exact: true }).boundingBox())!.y;
  expect(settingsAt).toBeGreaterThan(levelsAt);
});


/** Adds the node as a network named `name`, without a key, and selects it. */
async function addNetwork(app: RunningApp, page: Page, name: string, nodeUrl: string) {
  await page.goto(appPath(app.url, '/settings/networks/new'));
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('API key').selectOption({ label: 'No key' });
  await page.getByLabel('JSON-RPC address').fill(nodeUrl);
  await page.getByLabel('JSON-RPC address').blur();
  await expect(page.getByLabel('Chain id')).not.toHaveValue('', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Add network' }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
  await page.goto(appPath(app.url, '/explorer'));
  await page.getByLabel('Network', { exact: true }).selectOption({ label: name });
}

test('on a network with no feed, a price set on the gas page in euros is used for a fee and named as set by you', async ({ app, page }) => {
  const node = await ownNode();
  try {
    await addNetwork(app, page, 'My own node', node.url);
    await page.goto(appPath(app.url, '/gas'));
    const form = page.getByRole('form', { name: 'Price of ETH on My own node' });
    await expect(form.getByText('This network has no price feed the app knows, and no price has been set for it.', { exact: false })).toBeVisible({ timeout: 30_000 });

    // Bad input is refused in words before anything is kept.
    await form.getByLabel('Price of 1 ETH').fill('-5');
    await form.getByRole('button', { name: 'Set price' }).click();
    await expect(form.getByText('A price is more than zero; “-5” is negative.')).toBeVisible();
    await form.getByLabel('Price of 1 ETH').fill('2750.5');
    await form.getByLabel('Currency').fill('XYZW');
    await form.getByRole('button', { name: 'Set price' }).click();
    await expect(form.getByText('“XYZW” is not a currency code this app knows; use a three-letter ISO 4217 code such as USD, EUR or JPY.')).toBeVisible();

    await form.getByLabel('Currency').fill('EUR');
    await form.getByRole('button', { name: 'Set price' }).click();
    await expect(form.getByTestId('user-price')).toContainText('You set 2750.5 EUR per ETH');
    await expect(form.getByTestId('price-source')).toHaveAttribute('data-source', 'user');

    // A seeded transaction on that network: its fee in euros at the price set, named as set by you.
    const hash = manifest().transactions.erc20Transfer;
    await page.goto(appPath(app.url, `/explorer/tx/${hash}`));
    await expect(page.getByTestId('tx-fee-money')).toBeVisible({ timeout: 30_000 });
    const shown = await overview(page);
    expect(shown.sourceKind).toBe('user');
    expect(shown.source).toMatch(/^at €2,750\.50 per ETH, set by you /);
    const service = e2eSandbox();
    const request = async (method: string, params: unknown[]) => {
      const answer = await fetch(service.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
      return ((await answer.json()) as { result: unknown }).result;
    };
    const { fee } = await feeAndValue(request, hash);
    // 2750.5 EUR per ETH: fee (wei) x 27505 / 10^(18 + 1).
    expect(shown.fee).toBe(money('€', fee * 27_505n, 19));
    expect(shown.value).toBe('€0.00');

    // A call the person saves (pinned in the call playground's history) is priced on the gas page at each level, its
    // gas the node's eth_estimateGas of the same call.
    const { contracts, accounts } = manifest();
    const token = contracts.tokens[0]!.address;
    const call = { from: accounts.deployer.address, to: token, data: encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [accounts.traders[0]!.address, 1000n] }) };
    await page.goto(appPath(app.url, `/call?to=${call.to}&data=${call.data}&from=${call.from}`));
    await page.getByRole('button', { name: 'Run eth_call' }).click();
    const history = page.getByRole('region', { name: 'History', exact: true });
    await history.getByRole('button', { name: 'Pin', exact: true }).first().click({ timeout: 30_000 });
    await expect(history.getByRole('button', { name: 'Unpin', exact: true })).toBeVisible();
    await page.goto(appPath(app.url, '/gas'));
    const saved = page.getByRole('region', { name: 'Your saved calls at each level' });
    const row = saved.getByRole('row').filter({ has: page.getByRole('rowheader') });
    await expect(row).toHaveCount(1, { timeout: 30_000 });
    await expect(row.getByRole('cell').nth(2)).toContainText('€', { timeout: 30_000 });
    const estimated = BigInt((await request('eth_estimateGas', [call, 'latest'])) as Hex);
    await expect(row.getByRole('cell').first()).toHaveText(group(estimated.toString()));
  } finally {
    node.close();
  }
});
