import { appPath } from './chain';
import { expect, test } from './appFixture';

// A developer follows every new log as the sandbox's traffic mines blocks: new rows appear on top.

test('the live tail shows a new log from the sandbox traffic', async ({ readOnlyApp: app, page }) => {
  await page.goto(appPath(app.url, '/logs'));
  await page.getByLabel('Follow new logs (live tail)').check();
  const tail = page.getByRole('region', { name: 'Live tail' });
  await expect(tail.getByText('eth_subscribe logs over WebSocket')).toBeVisible({ timeout: 30_000 });
  const grid = tail.getByRole('grid', { name: 'new logs' });
  await expect(grid.getByRole('row').nth(1).getByRole('link').first()).toBeVisible({ timeout: 60_000 });
});
