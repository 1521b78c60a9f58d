import type { Page } from '@playwright/test';
import { appPath, seededManifest } from './chain';
import { expect, test } from './appFixture';

// Someone opens a page and uses it as soon as it appears: presses "/" and types a block number on the home (seeing
// it typed in the search box), or clicks a transaction's Trace tab. What appeared first is the page's first frame, drawn by the shell before the
// app's script has run: it cannot take a key or a click yet. They are kept, and done again once the app has taken
// the page over. Here the app's script is held back until they have been done, so they are certainly done on the
// frame; the frame waits for all its reads (a person's waits 300 ms at most), so it is the whole page.

/** Holds the app's script (app/start.tsx's chunk) back until the returned function is called. */
async function holdTheAppBack(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/start-*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('keys pressed on the first frame, before the app has started, search once it has', async ({ launch, page }) => {
  const app = await launch(process.env, ['--first-frame-budget', '30000']);
  const block = seededManifest().bigBlock.number;
  const release = await holdTheAppBack(page);

  await page.goto(appPath(app.url, '/explorer'));
  await page.locator('[aria-labelledby=latest-blocks] li').first().waitFor({ timeout: 60_000 });
  await expect(page.locator('#root')).toHaveAttribute('inert', '');
  await page.keyboard.press('/');
  await page.keyboard.type(String(block));
  // The frame's search box (it cannot have the focus) shows what was typed, as the app's will.
  await expect(page.locator('#root input[type=search]')).toHaveValue(String(block));
  await page.keyboard.press('Enter');
  // Still the frame: nothing could have happened yet.
  await expect(page.locator('#root')).toHaveAttribute('inert', '');
  expect(new URL(page.url()).pathname).toBe('/explorer');

  release();
  await expect(page.locator('#root')).not.toHaveAttribute('inert', { timeout: 30_000 });
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toBe(`/explorer/block/${block}`);
  await expect(page.getByRole('heading', { name: `Block ${block}` })).toBeVisible({ timeout: 30_000 });
});

test("a click on the first frame's Trace tab, before the app has started, opens the trace once it has", async ({ launch, page }) => {
  const app = await launch(process.env, ['--first-frame-budget', '30000']);
  const hash = seededManifest().transactions.failed;
  const release = await holdTheAppBack(page);

  await page.goto(appPath(app.url, `/explorer/tx/${hash}`));
  const tab = page.locator('#main a').filter({ hasText: /^Trace$/ });
  await tab.waitFor({ timeout: 60_000 });
  await expect(page.locator('#root')).toHaveAttribute('inert', '');
  const box = (await tab.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.locator('#root')).toHaveAttribute('inert', '');
  expect(new URL(page.url()).search).toBe('');

  release();
  await expect(page.locator('#root')).not.toHaveAttribute('inert', { timeout: 30_000 });
  await expect.poll(() => new URL(page.url()).search, { timeout: 30_000 }).toBe('?tab=trace');
  await expect(page.getByRole('link', { name: 'Trace', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('region', { name: 'Call tree' })).toBeVisible({ timeout: 30_000 });
});
