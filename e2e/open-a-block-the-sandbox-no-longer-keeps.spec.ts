import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { launchApp } from './appFixture';

// A person left the Local sandbox running for days: it keeps its seeded blocks and its latest live ones, and has
// dropped the live blocks before them. Settings → Sandbox says how many it keeps; a dropped block's page says that
// the sandbox no longer keeps it (not "not found", not a failure of the node); a seeded block still opens. The app
// here keeps 64 live blocks, and mines 150 into the past before its live ones, so it has dropped some within a minute.

const KEPT = 64;

test('a block the Local sandbox dropped says so, and the seeded blocks are still there', async ({ page }) => {
  test.setTimeout(240_000);
  const app = await launchApp(process.env, ['--sandbox-fast-forward', '0.5', '--sandbox-block-time', '1', '--sandbox-live-blocks', String(KEPT)]);
  try {
    const url = new URL(app.url);
    await page.goto(`${url.origin}/settings/sandbox${url.hash}`);
    await expect(page.getByRole('img', { name: 'Sandbox running' })).toBeVisible({ timeout: 60_000 });
    const kept = page.locator('.info-row', { has: page.locator('dt', { hasText: /^Live blocks kept$/ }) }).locator('dd');
    await expect(kept).toContainText(`the latest ${KEPT}, with their transactions, receipts and logs`);
    const seededTo = Number((await page.locator('.info-row', { has: page.locator('dt', { hasText: /^Seeded to block$/ }) }).locator('dd a').innerText()).replace(/,/g, ''));
    expect(seededTo).toBeGreaterThan(0);

    // The first live block: dropped once the sandbox renewed its live node after the fast-forward.
    const dropped = seededTo + 1;
    const notKept = page.getByText('The Local sandbox no longer keeps this block.');
    await expect(async () => {
      await page.goto(`${url.origin}/explorer/block/${dropped}`);
      await expect(notKept).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 150_000 });
    await expect(page.getByRole('heading', { name: `Block ${dropped}` })).toBeVisible();
    await expect(page.getByText('This block could not be read')).toBeVisible();
    await page.getByText('Details').first().click();
    await expect(page.getByText(/more when started with --live-blocks N/)).toBeVisible();
    await expect(page.getByText('pruned history unavailable', { exact: false }).first()).toBeVisible();

    // The last seeded block is still there, with its transactions.
    await page.goto(`${url.origin}/explorer/block/${seededTo}`);
    await expect(page.getByRole('heading', { name: new RegExp(`^Block ${seededTo.toLocaleString('en-US')}|^Block ${seededTo}`) })).toBeVisible({ timeout: 30_000 });
    await expect(notKept).toHaveCount(0);
  } finally {
    await app.stop();
    fs.rmSync(app.dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
});
