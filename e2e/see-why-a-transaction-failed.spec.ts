import { appPath, revertReasonFromChain, seededManifest } from './chain';
import { expect, test } from './appFixture';

// A support engineer opens a failed transaction and sees why it failed: the revert reproduced at its
// parent block, decoded, in plain words first.

test('a failed transaction shows its reason, reproduced at its parent block', async ({ readOnlyApp: app, page }) => {
  const hash = seededManifest().transactions.failed;
  const reason = await revertReasonFromChain(hash);
  await page.goto(appPath(app.url, `/explorer/tx/${hash}`));
  await expect(page.getByRole('heading', { name: `Failed: ${reason}` })).toBeVisible({ timeout: 30_000 });
  const summary = page.getByRole('region', { name: `Failed: ${reason}` });
  await expect(summary.getByText(/reproduced with eth_call at block \d+ \(its parent block\)/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Overview' }).getByText('Failed', { exact: true })).toBeVisible();
});
