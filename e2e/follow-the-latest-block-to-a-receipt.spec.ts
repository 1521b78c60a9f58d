import { appPath } from './chain';
import { expect, test } from './appFixture';

// A developer opens the explorer, follows the newest block to one of its transactions and reads its receipt.

test('home → latest block → a transaction → its receipt', async ({ readOnlyApp: app, page }) => {
  await page.goto(appPath(app.url, '/explorer'));
  const latest = page.getByRole('region', { name: 'Latest blocks' });
  await expect(latest.getByRole('listitem').first()).toBeVisible({ timeout: 30_000 });
  // Open the newest block that holds a transaction (live traffic mines one every couple of seconds).
  const withTransactions = latest.getByRole('listitem').filter({ hasNotText: /· 0 transactions/ }).first();
  const link = withTransactions.getByRole('link').first();
  const text = (await link.textContent())!;
  const number = Number(text.replaceAll(',', ''));
  // That block's own link: a new head may reorder the list between the read and the click.
  await latest.getByRole('link', { name: text, exact: true }).click();
  await expect(page.getByRole('heading', { name: new RegExp(`^Block ${number.toLocaleString('en-US')}`) })).toBeVisible();

  const grid = page.getByRole('grid', { name: 'transactions' });
  const firstRow = grid.getByRole('row').nth(1);
  await expect(firstRow).toBeVisible();
  const hashLink = firstRow.getByRole('link').first();
  const hash = await hashLink.getAttribute('title');
  expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
  await hashLink.click();

  await expect(page.getByRole('heading', { name: 'Transaction', exact: true })).toBeVisible();
  // Its outcome, headline first: succeeded, or where it failed (a seeded failure is the newest with transactions
  // until the live traffic mines one).
  await expect(page.getByRole('heading', { name: /^(Succeeded|Failed|Reverted|Ran out of gas)/ })).toBeVisible();
  const receipt = page.getByRole('region', { name: 'Receipt' });
  await expect(receipt.getByText('Transaction hash')).toBeVisible();
  await expect(receipt.getByText(hash!)).toBeVisible();
});
