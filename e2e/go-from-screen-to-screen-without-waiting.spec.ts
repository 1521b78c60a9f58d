import type { Page } from '@playwright/test';
import { expect, test } from './appFixture';
import { seededManifest } from './chain';

// A person opens the app and, once it has settled, goes to each screen for the first time: every one comes at
// once, never through the "Loading…" stand-in a screen shows while its script loads (the scripts were loaded while
// the window was idle). Each screen's stand-in carries data-screen-fallback; an observer notes any that appears.

/** Goes to `route` as an in-app link does (no reload). */
const goTo = (page: Page, route: string) => page.evaluate(`history.pushState(null, '', ${JSON.stringify(route)})`);

test('every screen opened for the first time after the app settled comes at once, with no loading stand-in', async ({ app, page }) => {
  await page.addInitScript(`
    window.__standIns = [];
    new MutationObserver(() => {
      if (window.__watching && document.querySelector('[data-screen-fallback]')) window.__standIns.push(location.pathname);
    }).observe(document, { childList: true, subtree: true });
  `);
  await page.goto(app.url);
  await expect(page.locator('[aria-labelledby=latest-blocks] li').first()).toBeVisible({ timeout: 60_000 });
  // Settled: the screens' scripts, fetched while the window was idle, are loaded (app/preloadScreens.ts says so).
  await page.locator('html[data-screens-loaded]').waitFor({ state: 'attached', timeout: 30_000 });
  await page.evaluate('window.__watching = true');

  const { bigBlock, transactions, accounts } = seededManifest();
  const screens: [string, string][] = [
    ['/logs', 'form[aria-label="Log query"]'],
    ['/call', 'form[aria-label="Call"]'],
    ['/gas', '[data-testid^="max-fee-"]'],
    ['/content', '.content-landing'],
    ['/settings/networks', 'h1:has-text("Networks"), h2:has-text("Networks")'],
    [`/explorer/block/${bigBlock.number}`, '[role=grid][aria-label=transactions]'],
    [`/explorer/tx/${transactions.failed}`, 'section[aria-labelledby=tx-summary]'],
    [`/explorer/address/${accounts.traders[0]!.address}`, 'dl[aria-label="Address overview"]'],
  ];
  for (const [route, ready] of screens) {
    await goTo(page, route);
    await expect(page.locator(ready).first(), `${route} shows`).toBeVisible({ timeout: 30_000 });
  }
  expect(await page.evaluate('window.__standIns'), 'screens that showed a loading stand-in first').toEqual([]);
});
