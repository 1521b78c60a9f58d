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
  await expect(events.getByRole('grid', { name: 'events' }).getByText(/^Transfer\(/).first()).toBeVisible();
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
  expect(count).toBeGreaterThan(1);
  // Each listed holder's balance is the token's balanceOf now (nothing moves this token after the seed).
  for (let i = 1; i <= count; i++) {
    const holder = (await rows.nth(i).getByRole('link').first().getAttribute('href'))!.split('/').at(-1)!;
    const answer = await readChain<string>('eth_call', [{ to: token, data: `0x70a08231${holder.slice(2).toLowerCase().padStart(64, '0')}` }, 'latest']);
    expect(BigInt(answer)).toBeGreaterThan(0n);
    const whole = (BigInt(answer) / 10n ** decimals).toLocaleString('en-US');
    await expect(rows.nth(i).getByRole('gridcell').nth(2)).toHaveText(new RegExp(`^${whole}(\\.\\d{1,6})? \\w+$`));
  }
});
