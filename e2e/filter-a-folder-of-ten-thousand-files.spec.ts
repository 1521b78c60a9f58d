import { create } from 'kubo-rpc-client';
import { expect, test } from './appFixture';
import { appSandbox } from './appSandbox';

// Someone opens a folder of 10,000 files (a sharded folder, as Kubo stores one this large): the listing streams
// in with its count, the filter box finds one file among them, sorting by size puts the largest first, and
// its thumbnail-less rows stay a table one can read.

const COUNT = 10_000;

test('list, filter and sort a folder of 10,000 files', async ({ app, page }) => {
  test.setTimeout(240_000);
  const sandbox = await appSandbox(app);
  const ipfs = create({ url: `${sandbox.origin}/api/v0`, headers: { authorization: `Basic ${Buffer.from(`${sandbox.key}:${sandbox.secret}`).toString('base64')}` } });
  const files = Array.from({ length: COUNT }, (_, index) => ({ path: `many/file-${String(index).padStart(5, '0')}.txt`, content: Buffer.from(`file ${index}\n`.repeat(1 + (index % 7))) }));
  let root = '';
  for await (const added of ipfs.addAll(files, { pin: false })) root = added.cid.toString();

  const url = new URL(app.url);
  await page.goto(`${url.origin}/content/${root}${url.hash}`);
  // The table's count (exact: the listing's progress line says the same words while it ends).
  await expect(page.getByText(`${COUNT.toLocaleString('en-US')} entries`, { exact: true })).toBeVisible({ timeout: 120_000 });
  await expect(page.getByText('Folder (sharded)')).toBeVisible();

  const table = page.getByRole('grid', { name: /entries/ });
  await page.getByPlaceholder('Filter entries').fill('file-09876');
  await expect(page.getByText(`1 of ${COUNT.toLocaleString('en-US')} entries`)).toBeVisible();
  await expect(table.getByRole('link', { name: 'file-09876.txt' })).toBeVisible();
  await table.getByRole('link', { name: 'file-09876.txt' }).click();
  await expect(page.getByText('file 9876', { exact: false }).first()).toBeVisible();

  await page.goBack();
  await page.getByPlaceholder('Filter entries').fill('');
  await table.getByRole('button', { name: 'Size' }).click();
  await table.getByRole('button', { name: 'Size' }).click();
  // The largest files repeat their line 7 times: index % 7 === 6.
  const first = await table.getByRole('link').first().textContent();
  expect(Number(/file-(\d+)/.exec(first ?? '')?.[1]) % 7).toBe(6);
});
