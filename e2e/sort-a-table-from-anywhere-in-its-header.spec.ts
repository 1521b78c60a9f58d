import { appPath, readChain, seededManifest } from './chain';
import { expect, test } from './appFixture';

// A developer sorts the 600-transaction block by value, aiming anywhere in the header cell (not only at its
// 38-pixel label), then by the keyboard; the sort is told to assistive technology on the column header.

test('a click anywhere in a header cell sorts, and Enter on it sorts the other way', async ({ readOnlyApp: app, page }) => {
  const { bigBlock } = seededManifest();
  const block = await readChain<{ transactions: { value: string }[] }>('eth_getBlockByNumber', [`0x${bigBlock.number.toString(16)}`, true]);
  const values = block.transactions.map((tx) => BigInt(tx.value));
  const smallest = values.reduce((a, b) => (b < a ? b : a));
  const largest = values.reduce((a, b) => (b > a ? b : a));
  expect(largest).toBeGreaterThan(smallest);

  await page.goto(appPath(app.url, `/explorer/block/${bigBlock.number}`));
  const grid = page.getByRole('grid', { name: 'transactions' });
  await expect(grid.locator('[aria-rowindex="2"]')).toBeVisible({ timeout: 30_000 });
  const header = grid.getByRole('columnheader', { name: /Value/ });
  const label = header.getByText('Value', { exact: true });
  await expect(header).toHaveAttribute('aria-sort', 'none');

  // The label sits at the right of its cell (the column is right-aligned); aim at the far left, well clear of it.
  const cell = (await header.boundingBox())!;
  const text = (await label.boundingBox())!;
  expect(text.x - cell.x).toBeGreaterThan(40);
  await page.mouse.click(cell.x + 6, cell.y + cell.height / 2);
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  const firstValue = () => grid.locator('[aria-rowindex="2"] [role=gridcell]').nth(5).innerText();
  expect(await firstValue()).toBe(ethText(smallest));

  // From the keyboard: the header's button has the focus, Enter sorts the other way.
  await header.getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  expect(await firstValue()).toBe(ethText(largest));
});

/** A wei amount as the table writes it, for the values the seeded block holds (whole hundredths of an ETH or 0). */
function ethText(wei: bigint): string {
  const hundredths = wei / 10n ** 16n;
  if (hundredths * 10n ** 16n !== wei) throw new Error(`unexpected value ${wei}`);
  const whole = hundredths / 100n;
  const cents = (hundredths % 100n).toString().padStart(2, '0').replace(/0+$/, '');
  return `${whole}${cents ? `.${cents}` : ''} ETH`;
}
