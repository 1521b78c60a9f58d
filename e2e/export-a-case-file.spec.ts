import fs from 'node:fs';
import { appPath, seededManifest } from './chain';
import { expect, test } from './appFixture';

// A support engineer looks up a receipt by its hash, reads the summary and exports a Markdown case file
// for the ticket: the file holds the summary.

test('a support user exports a case file that holds the summary', async ({ readOnlyApp: app, page }) => {
  const hash = seededManifest().transactions.erc20Transfer;
  await page.goto(appPath(app.url, '/explorer'));
  await page.getByLabel('Look up a receipt').fill(hash);
  await page.getByRole('button', { name: 'Explain' }).click();
  const headline = page.getByRole('heading', { name: 'Succeeded' });
  await expect(headline).toBeVisible({ timeout: 30_000 });
  const summary = page.getByRole('region', { name: 'Succeeded' });
  const lines = await summary.getByRole('listitem').allTextContents();
  expect(lines.some((line) => /moved from/.test(line))).toBe(true);

  const [download] = await Promise.all([page.waitForEvent('download'), summary.getByRole('button', { name: 'Export case file (Markdown)' }).click()]);
  const text = fs.readFileSync((await download.path())!, 'utf8');
  expect(text).toContain(`# Transaction ${hash}`);
  expect(text).toContain('**Succeeded**');
  for (const line of lines) expect(text).toContain(`- ${line}`);
});
