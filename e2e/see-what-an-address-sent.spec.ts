import { expect, test } from './appFixture';
import { appPath, readChain, seededManifest } from './chain';

// A support engineer starts from an address ("my wallet sent it, where is it?"): the address page's Transactions
// tab lists every transaction it sent, newest first, found from its nonce alone (no indexer), page by page.

test('the Transactions tab of a seeded trader lists every transaction it sent, newest first, back to nonce 0', async ({ readOnlyApp: app, page }) => {
  test.setTimeout(90_000);
  const trader = seededManifest().accounts.traders[1]!.address;
  const nonce = Number(BigInt(await readChain<string>('eth_getTransactionCount', [trader, 'latest'])));
  expect(nonce).toBeGreaterThan(0);

  // The overview links to the tab; the tab is a deep link of its own.
  await page.goto(appPath(app.url, `/explorer/address/${trader}`));
  await page.getByRole('navigation', { name: 'Address sections' }).getByRole('link', { name: 'Transactions' }).click();
  await expect(page).toHaveURL(/\?tab=transactions/);
  const section = page.getByRole('region', { name: /Transactions sent/ });
  await expect(section.getByRole('heading', { name: new RegExp(`${nonce.toLocaleString('en-US')} in all`) })).toBeVisible({ timeout: 30_000 });

  // Older pages come as the person scrolls to the end (the "Load older" button coming into view asks for the
  // next page by itself), until nonce 0.
  const table = section.getByRole('grid', { name: 'transactions sent' });
  await expect(table).toBeVisible();
  const end = section.getByText('That is every transaction it sent, back to nonce 0.');
  await expect(async () => {
    const more = section.getByRole('button', { name: /^Load older transactions/ });
    if (await more.isVisible()) await more.scrollIntoViewIfNeeded({ timeout: 1_000 });
    await expect(end).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  await expect(table).toHaveAttribute('aria-rowcount', String(nonce + 1)); // the header row and one per transaction

  // The newest row is the chain's transaction of nonce − 1 from the trader; the oldest, nonce 0.
  const firstRow = table.getByRole('row').nth(1);
  await expect(firstRow.getByRole('gridcell').first()).toHaveText(String(nonce - 1));
  const newestHash = await firstRow.getByRole('link').first().getAttribute('title');
  const newest = await readChain<{ from: string; nonce: string }>('eth_getTransactionByHash', [newestHash]);
  expect(newest.from.toLowerCase()).toBe(trader.toLowerCase());
  expect(Number(BigInt(newest.nonce))).toBe(nonce - 1);
  await table.getByRole('columnheader', { name: 'Nonce' }).click();
  await expect(table.getByRole('row').nth(1).getByRole('gridcell').first()).toHaveText('0');
  const oldestHash = await table.getByRole('row').nth(1).getByRole('link').first().getAttribute('title');
  const oldest = await readChain<{ from: string; nonce: string }>('eth_getTransactionByHash', [oldestHash]);
  expect(oldest.from.toLowerCase()).toBe(trader.toLowerCase());
  expect(oldest.nonce).toBe('0x0');
});
