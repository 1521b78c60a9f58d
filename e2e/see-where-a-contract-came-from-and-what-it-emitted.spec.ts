import { decodeAbiParameters, type Hex } from 'viem';
import { tokenUnitsText } from './amountText';
import { expect, test } from './appFixture';
import { appPath, readChain, seededManifest } from './chain';

// A developer opens a contract: where it came from (the block and transaction that deployed it, found by
// bisection on its code) and every event it ever emitted, decoded, without an indexer.

test("a contract's overview names its deployment, and its Events tab lists every log it emitted", async ({ readOnlyApp: app, page }) => {
  test.setTimeout(90_000);
  const manifest = seededManifest();
  const deployment = manifest.transactions.contractCreation;
  const receipt = await readChain<{ contractAddress: string; blockNumber: string; from: string }>('eth_getTransactionReceipt', [deployment]);

  await page.goto(appPath(app.url, `/explorer/address/${receipt.contractAddress}`));
  const overview = page.getByLabel('Address overview');
  await expect(overview.getByTitle(deployment, { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(overview).toContainText(new RegExp(`Created\\s*in block ${BigInt(receipt.blockNumber).toString(10)} by`));

  // The token behind the seeded proxy (no live traffic reaches it: the app's chain and the e2e sandbox's agree): its
  // events, as many as eth_getLogs by its address finds.
  const token = { address: (manifest as unknown as { contracts: { proxiedToken: { erc1967Proxy: string } } }).contracts.proxiedToken.erc1967Proxy };
  const logs = await readChain<unknown[]>('eth_getLogs', [{ address: token.address, fromBlock: '0x0', toBlock: 'latest' }]);
  expect(logs.length).toBeGreaterThan(0);
  await page.goto(appPath(app.url, `/explorer/address/${token.address}`));
  await page.getByRole('navigation', { name: 'Address sections' }).getByRole('link', { name: 'Events' }).click();
  await expect(page).toHaveURL(/\?tab=events/);
  const events = page.getByRole('region', { name: /Events/ });
  await expect(events.getByRole('heading', { name: new RegExp(`${logs.length.toLocaleString('en-US')} in all`) })).toBeVisible({ timeout: 60_000 });
  const grid = events.getByRole('grid', { name: 'events' });
  await expect(grid.getByText(/^Transfer\(/).first()).toBeVisible();
  // Each row says when: the newest row's time is its block's, as the node's header gives it.
  const newestRow = grid.getByRole('row').nth(1);
  const blockHref = (await newestRow.locator('a[href*="/explorer/block/"]').first().getAttribute('href'))!;
  const { timestamp } = await readChain<{ timestamp: string }>('eth_getBlockByNumber', [`0x${BigInt(blockHref.split('/').at(-1)!).toString(16)}`, false]);
  await expect(newestRow.locator('time')).toHaveAttribute('datetime', new Date(Number(BigInt(timestamp)) * 1000).toISOString());
  // A Transfer's amount in the token's units, with its symbol (the newest, so near the top of the table).
  const transfers = (logs as { topics: string[]; data: string }[]).filter((log) => log.topics[0] === '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef' && log.topics.length === 3);
  const tokenDecimals = Number(BigInt(await readChain<string>('eth_call', [{ to: token.address, data: '0x313ce567' }, 'latest'])));
  const [tokenSymbol] = decodeAbiParameters([{ type: 'string' }], await readChain<Hex>('eth_call', [{ to: token.address, data: '0x95d89b41' }, 'latest']));
  await expect(grid.getByText(`value=${tokenUnitsText(BigInt(transfers.at(-1)!.data), tokenDecimals, tokenSymbol)}`, { exact: false }).first()).toBeVisible();
  // The same query opens on the Logs screen.
  await events.getByRole('link', { name: 'Open this query on the Logs screen' }).click();
  await expect(page).toHaveURL(new RegExp(`/logs\\?address=${token.address}`, 'i'));
});

test("a token's Holders tab lists who holds it by its transfers, largest first, each as balanceOf says", async ({ readOnlyApp: app, page }) => {
  test.setTimeout(60_000);
  const token = (seededManifest() as unknown as { contracts: { proxiedToken: { erc1967Proxy: string } } }).contracts.proxiedToken.erc1967Proxy;
  await page.goto(appPath(app.url, `/explorer/address/${token}?tab=holders`));
  const holders = page.getByRole('region', { name: /Holders/ });
  const grid = holders.getByRole('grid', { name: 'holders' });
  await expect(grid).toBeVisible({ timeout: 30_000 });
  const rows = grid.getByRole('row');
  const count = (await rows.count()) - 1;
  const decimals = BigInt(await readChain<string>('eth_call', [{ to: token, data: '0x313ce567' }, 'latest']));
  const [symbol] = decodeAbiParameters([{ type: 'string' }], await readChain<Hex>('eth_call', [{ to: token, data: '0x95d89b41' }, 'latest']));
  expect(count).toBeGreaterThan(1);
  // Each listed holder's balance is the token's balanceOf now (nothing moves this token after the seed).
  for (let i = 1; i <= count; i++) {
    const holder = (await rows.nth(i).getByRole('link').first().getAttribute('href'))!.split('/').at(-1)!;
    const answer = await readChain<string>('eth_call', [{ to: token, data: `0x70a08231${holder.slice(2).toLowerCase().padStart(64, '0')}` }, 'latest']);
    expect(BigInt(answer)).toBeGreaterThan(0n);
    await expect(rows.nth(i).getByRole('gridcell').nth(2)).toHaveText(tokenUnitsText(BigInt(answer), Number(decimals), symbol));
  }
});
