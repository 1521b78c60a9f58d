import { appPath, seededManifest } from './chain';
import { expect, test } from './appFixture';

// A developer starts a long query, cancels it while it runs (the rows so far stay), then runs it again to the end.

test('cancel a running log query, then run it again', async ({ readOnlyApp: app, page }) => {
  test.setTimeout(180_000); // the whole log storm, 60,000 logs, runs to its end
  const { contracts, logStorm } = seededManifest();
  await page.goto(appPath(app.url, `/logs?address=${contracts.logStorm}&fromBlock=${logStorm.fromBlock}&toBlock=${logStorm.toBlock}`));
  await expect(page.getByLabel('Contract addresses')).toHaveValue(contracts.logStorm);

  // The check before the run says what the service would refuse: it waits for the sandbox to start, then counts
  // samples of the storm (tens of thousands of logs, slow when the machine is busy with other journeys).
  await expect(page.getByRole('alert').filter({ hasText: 'per request' }).first()).toBeVisible({ timeout: 90_000 });
  const run = page.getByRole('button', { name: /^Run (query|anyway)$/ });
  await run.click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Cancelled/ })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0);

  await run.click();
  await expect(page.getByRole('status').filter({ hasText: /^Done: / })).toBeVisible({ timeout: 90_000 });
  const total = Number((await page.getByRole('grid', { name: 'logs' }).getAttribute('aria-rowcount'))) - 1;
  expect(total).toBeGreaterThanOrEqual(logStorm.totalLogs);
});
