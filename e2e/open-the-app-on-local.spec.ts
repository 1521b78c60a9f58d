import { announcedHead, expect, test } from './appFixture';

// A new user runs the app for the first time: it opens on the Local sandbox network, connected,
// with a head block that keeps advancing. No account, no key to type.

test('the first run lands on the Local network with a live head that advances', async ({ app, page }) => {
  await page.goto(app.url);
  const network = page.getByLabel('Network', { exact: true });
  await expect(network).toHaveValue('local');
  await expect(page.getByRole('img', { name: /^Connected to / })).toBeVisible({ timeout: 30_000 });
  // The list was fetched while the sandbox was still starting; it must not keep saying so.
  await expect(network.locator('option:checked')).toHaveText('Local sandbox');
  const first = await announcedHead(page);
  expect(first).toBeGreaterThan(200);
  await expect.poll(() => announcedHead(page), { timeout: 20_000 }).toBeGreaterThan(first!);
  // The token left the address bar as soon as the page read it.
  expect(page.url()).not.toContain('token');
});

test('a deep link opens its screen directly', async ({ app, page }) => {
  const url = new URL(app.url);
  await page.goto(`${url.origin}/settings/sandbox${url.hash}`);
  await expect(page.getByRole('heading', { name: /sandbox/i }).first()).toBeVisible();
  // The sandbox the app started for itself reports running, with the demo content's CID.
  await expect(page.getByRole('img', { name: 'Sandbox running' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('main').getByText(/^Qm[1-9A-HJ-NP-Za-km-z]{44}$/).first()).toBeVisible();
});

test('a reload (F5) of the tab keeps working: the networks load and the head is live again', async ({ app, page, context }) => {
  await page.goto(app.url);
  await expect(page.getByRole('img', { name: /^Connected to / })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('row', { name: /^Local sandbox Selected/ })).toBeVisible();
  // The address bar no longer holds the token: the reload finds it in the tab's sessionStorage.
  expect(page.url()).not.toContain('token');
  await page.reload();
  await expect(page.getByRole('row', { name: /^Local sandbox Selected/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('img', { name: /^Connected to / })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Loading networks…')).toHaveCount(0);
  // Another tab opened at the address without its token has no access: the token belongs to the tab it was given to.
  const other = await context.newPage();
  await other.goto(new URL(app.url).origin + '/settings/networks');
  await expect(other.getByText(/no access token/i).first()).toBeVisible({ timeout: 30_000 });
  await other.close();
});
