import { appPath, seededManifest } from './chain';
import { expect, test } from './appFixture';

// Someone opens the explorer and, as soon as the latest blocks appear, presses "/" and types a block number and
// Enter. What appeared first is the page's first frame, drawn by the shell before the app's script has run: it
// cannot take the keyboard yet. The keys are kept, and pressed again once the app has taken the page over, so the
// search happens all the same. Here the app's script is held back until the keys have been pressed, so they are
// certainly pressed on the frame.

test('keys pressed on the first frame, before the app has started, search once it has', async ({ launch, page }) => {
  const app = await launch(process.env, ['--first-frame-budget', '30000']);
  const block = seededManifest().bigBlock.number;

  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/start-*.js', async (route) => {
    await released;
    await route.continue();
  });

  await page.goto(appPath(app.url, '/explorer'));
  await page.locator('[aria-labelledby=latest-blocks] li').first().waitFor({ timeout: 60_000 });
  await expect(page.locator('#root')).toHaveAttribute('inert', '');
  await page.keyboard.press('/');
  await page.keyboard.type(String(block));
  await page.keyboard.press('Enter');
  // Still the frame: nothing could have happened yet.
  await expect(page.locator('#root')).toHaveAttribute('inert', '');
  expect(new URL(page.url()).pathname).toBe('/explorer');

  release();
  await expect(page.locator('#root')).not.toHaveAttribute('inert', { timeout: 30_000 });
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toBe(`/explorer/block/${block}`);
  await expect(page.getByRole('heading', { name: `Block ${block}` })).toBeVisible({ timeout: 30_000 });
});
