import { expect, test } from './appFixture';

// Someone adds a node that is not running (a Hardhat node they forgot to start) and opens the explorer on it:
// no endless "Waiting for the latest block…", but why (nothing answers at its address), what was tried and
// since when, and "Try again" — on the explorer home and on a block page alike.

test('an unreachable node: the explorer says why, what was tried and since when, and offers Try again', async ({ app, page }) => {
  const url = new URL(app.url);
  await page.goto(`${url.origin}/settings/networks/new${url.hash}`);
  await page.getByLabel('Name').fill('Stopped node');
  await page.getByLabel('Chain id').fill('31337');
  // Port 2 on this machine: nothing listens there, so every attempt is refused.
  await page.getByLabel('JSON-RPC address').fill('http://127.0.0.1:2/');
  await page.getByRole('button', { name: 'Add network' }).click();
  await expect(page.getByRole('main').getByText('Stopped node').first()).toBeVisible();
  await page.getByLabel('Network', { exact: true }).selectOption({ label: 'Stopped node' });

  await page.goto(`${url.origin}/explorer${url.hash}`);
  const notice = page.getByRole('alert').filter({ hasText: 'Stopped node cannot be reached' });
  await expect(notice).toContainText('Nothing answers at 127.0.0.1:2: the connection was refused.', { timeout: 30_000 });
  await expect(notice).toContainText(/Tried \d+ times? since /);
  await expect(page.getByText('Waiting for the latest block of Stopped node…')).toHaveCount(0);
  // Its kind is behind "Details", not in the words.
  await expect(notice.getByText('NetworkDownError')).toBeHidden();
  await notice.getByText('Details').click();
  await expect(notice.getByText('NetworkDownError')).toBeVisible();

  // "Try again" asks at once; the node still refuses, so the notice comes back, counting on.
  await notice.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Stopped node cannot be reached' })).toContainText(/Tried \d+ times? since /, { timeout: 30_000 });

  // A block page waiting on the same node says the same.
  await page.goto(`${url.origin}/explorer/block/1${url.hash}`);
  await expect(page.getByRole('alert').filter({ hasText: 'Stopped node cannot be reached' })).toBeVisible({ timeout: 30_000 });
});
