import type { Page } from '@playwright/test';
import { expect, test } from './appFixture';
import { appPath, seededManifest } from './chain';

// Someone who uses no mouse: search for a block, open one of its transactions, run a log query and make a
// call, with the keyboard alone (Tab, Shift+Tab, typing, Enter; no click anywhere).

/** Presses Tab (or Shift+Tab) until the focused element matches, at most `limit` times. */
async function tabTo(page: Page, matches: (element: { tag: string; role: string | null; name: string; id: string }) => boolean, backward = false, limit = 80): Promise<void> {
  for (let step = 0; step < limit; step += 1) {
    await page.keyboard.press(backward ? 'Shift+Tab' : 'Tab');
    // The focused element, named as a person hears it: its aria-label, else its <label>, else its text.
    const focused = await page.evaluate(`(() => {
      const element = document.activeElement;
      if (!element) return { tag: '', role: null, name: '', id: '' };
      const label = element.getAttribute('aria-label') ?? element.labels?.[0]?.textContent ?? element.textContent ?? '';
      return { tag: element.tagName.toLowerCase(), role: element.getAttribute('role'), name: label.trim(), id: element.id };
    })()`) as { tag: string; role: string | null; name: string; id: string };
    if (matches(focused)) return;
  }
  throw new Error(`nothing matching was reached with ${limit} ${backward ? 'Shift+Tab' : 'Tab'} presses`);
}

test('search, open a block and a transaction, run a log query and make a call, keyboard only', async ({ readOnlyApp: app, page }) => {
  test.setTimeout(240_000);
  const manifest = seededManifest();
  await page.goto(appPath(app.url, '/explorer'));
  await page.locator('[aria-labelledby=latest-blocks] li').first().waitFor({ timeout: 120_000 });

  // Search: "/" focuses the box.
  await page.keyboard.press('/');
  await page.keyboard.type(String(manifest.bigBlock.number));
  await page.keyboard.press('Enter');
  await expect.poll(() => new URL(page.url()).pathname).toBe(`/explorer/block/${manifest.bigBlock.number}`);

  // The transactions table takes one Tab stop; Enter opens the active row.
  await page.locator('[role=grid] [aria-rowindex="2"]').first().waitFor({ timeout: 60_000 });
  await tabTo(page, (element) => element.role === 'grid');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toMatch(/^\/explorer\/tx\/0x[0-9a-f]{64}$/);
  await page.locator('section[aria-labelledby=tx-receipt] dl').waitFor({ timeout: 60_000 });

  // Logs, from the sidebar (behind the page: Shift+Tab).
  await tabTo(page, (element) => element.tag === 'a' && element.name === 'Logs', true);
  await page.keyboard.press('Enter');
  await expect.poll(() => new URL(page.url()).pathname).toBe('/logs');
  await tabTo(page, (element) => element.tag === 'textarea');
  await page.keyboard.type(manifest.contracts.logStorm);
  await tabTo(page, (element) => element.tag === 'input' && element.name.startsWith('From block'));
  await page.keyboard.type(String(manifest.logStorm.denseFromBlock));
  await tabTo(page, (element) => element.tag === 'input' && element.name.startsWith('To block'));
  await page.keyboard.type(String(manifest.logStorm.denseFromBlock));
  await tabTo(page, (element) => element.tag === 'button' && /^Run (anyway|query)$/.test(element.name));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: /^Done: / })).toBeVisible({ timeout: 120_000 });

  // A call: the Reverter's custom error, typed into the form.
  await tabTo(page, (element) => element.tag === 'a' && element.name === 'Call', true);
  await page.keyboard.press('Enter');
  await expect.poll(() => new URL(page.url()).pathname).toBe('/call');
  await tabTo(page, (element) => element.tag === 'input' && element.name.startsWith('Contract address (to)'));
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(manifest.contracts.reverter);
  // The form writes calldata for the function it picks; the calldata typed replaces it.
  await tabTo(page, (element) => element.id === 'call-data');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(manifest.reverts.customError.data);
  await tabTo(page, (element) => element.tag === 'button' && element.name === 'Run eth_call');
  await page.keyboard.press('Enter');
  await expect(page.locator('#call-outcome-title')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/reverted/i).first()).toBeVisible();
});
