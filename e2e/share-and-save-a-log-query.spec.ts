import { appPath, readChain, seededManifest } from './chain';
import { expect, test } from './appFixture';

// A support engineer opens a query from a link in a ticket, sees the request it sends (without a key),
// keeps it as a saved query, renames, duplicates and deletes it; a block hash with a range is refused.

test('a query link fills the builder; saved queries are renamed, duplicated and deleted', async ({ app, page }) => {
  const { contracts } = seededManifest();
  const token = contracts.tokens[0]!;
  const transfer = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
  await page.goto(appPath(app.url, `/logs?address=${token.address}&fromBlock=1&toBlock=latest&topic0=${transfer}`));
  await expect(page.getByLabel('Contract addresses')).toHaveValue(token.address);
  await expect(page.getByLabel('Topic 0 (event signature hash)')).toHaveValue(transfer);
  const request = page.getByLabel('JSON-RPC request');
  await expect(request).toContainText('"method": "eth_getLogs"');
  await expect(request).toContainText(transfer);
  await page.getByRole('button', { name: 'curl', exact: true }).click();
  // A fresh app's sandbox may still be starting: until it listens the address is a placeholder saying so.
  await expect(page.getByLabel('curl command')).toContainText('<YOUR-API-KEY>', { timeout: 60_000 });

  // A block hash and a range together are refused, with the spec's reason.
  const head = await readChain<{ hash: string }>('eth_getBlockByNumber', ['latest', false]);
  await page.getByLabel('Or one block by hash').fill(head.hash);
  await expect(page.getByText(/fromBlock and toBlock must be left out/)).toBeVisible();
  await page.getByLabel('Or one block by hash').fill('');

  await page.getByLabel('Name for this query').fill('Token transfers');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const saved = page.getByRole('complementary', { name: 'Saved queries' });
  await expect(saved.getByRole('button', { name: 'Token transfers', exact: true })).toBeVisible();
  await saved.getByRole('button', { name: 'Rename Token transfers' }).click();
  await saved.getByLabel('New name for Token transfers').fill(`${token.symbol} transfers`);
  await saved.getByRole('button', { name: 'Rename', exact: true }).click();
  await expect(saved.getByRole('button', { name: `${token.symbol} transfers`, exact: true })).toBeVisible();
  await saved.getByRole('button', { name: `Duplicate ${token.symbol} transfers` }).click();
  await expect(saved.getByRole('button', { name: `${token.symbol} transfers (copy)`, exact: true })).toBeVisible();
  await saved.getByRole('button', { name: `Delete ${token.symbol} transfers (copy)` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(saved.getByRole('button', { name: `${token.symbol} transfers (copy)`, exact: true })).toHaveCount(0);

  // Running the saved query finds the token's transfers.
  await saved.getByRole('button', { name: `Run ${token.symbol} transfers` }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Done: / })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('grid', { name: 'logs' }).getByText('Transfer').first()).toBeVisible();
});
