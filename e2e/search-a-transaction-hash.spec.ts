import { appPath, readChain, seededManifest } from './chain';
import { expect, test } from './appFixture';

// A developer pastes a hash into the search box: a transaction hash opens the transaction, a block hash the
// block, and a hash the chain does not know says so.

test('searching a hash opens the transaction, or the block, or says it is not there', async ({ readOnlyApp: app, page }) => {
  const hash = seededManifest().transactions.swap;
  const tx = await readChain<{ blockNumber: string; blockHash: string; transactionIndex: string }>('eth_getTransactionByHash', [hash]);
  await page.goto(appPath(app.url, '/explorer'));
  const search = page.getByRole('searchbox', { name: 'Search', exact: true });

  await search.fill(hash);
  await search.press('Enter');
  await expect(page.getByRole('heading', { name: 'Transaction', exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Overview' }).getByRole('link', { name: BigInt(tx.blockNumber).toLocaleString('en-US') })).toBeVisible();

  await search.fill(tx.blockHash);
  await search.press('Enter');
  await expect(page.getByRole('heading', { name: new RegExp(`^Block ${BigInt(tx.blockNumber).toLocaleString('en-US')}`) })).toBeVisible();

  // A transaction by its block's hash and its place in the block opens the same page.
  await page.goto(appPath(app.url, `/explorer/block/${tx.blockHash}/tx/${BigInt(tx.transactionIndex).toString()}`));
  await expect(page.getByRole('heading', { name: 'Transaction', exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(hash, { exact: true }).first()).toBeVisible();

  const unknown = `0x${'7'.repeat(64)}`;
  await search.fill(unknown);
  await search.press('Enter');
  await expect(page.getByRole('main').getByRole('alert')).toContainText(`No transaction ${unknown} on Local sandbox.`);
});

test('a hash pasted with a space inside opens, and the box says what it looks like while typing', async ({ readOnlyApp: app, page }) => {
  const hash = seededManifest().transactions.swap;
  await page.goto(appPath(app.url, '/explorer'));
  const search = page.getByRole('searchbox', { name: 'Search', exact: true });
  const said = page.getByRole('search').locator('[aria-live="polite"]');

  // Typed a few characters short: the live region under the box counts what is missing.
  await search.fill(hash.slice(0, -3));
  await expect(said).toHaveText(/3 characters short of a hash/);

  // Pasted from a wrapped line: spaces inside (a one-line box already drops the line break itself). They are
  // dropped, and the hash opens.
  await search.fill(`${hash.slice(0, 30)} ${hash.slice(30, 50)}  ${hash.slice(50)}`);
  await expect(said).toHaveText(/Looks like a transaction hash/);
  await search.press('Enter');
  await expect(page.getByRole('heading', { name: 'Transaction', exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(hash, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('search').getByRole('alert')).toHaveCount(0);
});

