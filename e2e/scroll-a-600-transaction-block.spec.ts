import { appPath, readChain, seededManifest } from './chain';
import { expect, test } from './appFixture';

// A developer opens the block with 600 transactions: every row is there, no paging, and the table scrolls
// to the last one; sorting and the filter work on all of them.

test('the 600-transaction block scrolls to its last row', async ({ readOnlyApp: app, page }) => {
  const { bigBlock } = seededManifest();
  const block = await readChain<{ transactions: string[] }>('eth_getBlockByNumber', [`0x${bigBlock.number.toString(16)}`, false]);
  await page.goto(appPath(app.url, `/explorer/block/${bigBlock.number}`));
  const grid = page.getByRole('grid', { name: 'transactions' });
  await expect(grid).toBeVisible({ timeout: 30_000 });
  await expect(grid).toHaveAttribute('aria-rowcount', String(block.transactions.length + 1));
  await expect(page.getByText(`${block.transactions.length} transactions`, { exact: true })).toBeVisible();

  // Keyboard: focus the grid, Ctrl+End jumps to the last row.
  await grid.focus();
  await page.keyboard.press('Control+End');
  const last = block.transactions.at(-1)!;
  await expect(grid.getByRole('link', { name: `${last.slice(0, 10)}…${last.slice(-6)}` })).toBeVisible();
  await expect(grid.locator(`[aria-rowindex="${block.transactions.length + 1}"]`)).toBeVisible();

  // The filter narrows all 600 rows to the one whose hash matches.
  await page.getByRole('searchbox', { name: 'Filter transactions' }).fill(last.slice(2, 14));
  await expect(page.getByText(`1 of ${block.transactions.length} transactions`)).toBeVisible();
  await expect(grid.getByRole('row')).toHaveCount(2);
});
