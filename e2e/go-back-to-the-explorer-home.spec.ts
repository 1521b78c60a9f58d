import { announcedHead, expect, test } from './appFixture';
import { appPath } from './chain';

// A support engineer starts typing a hash on the explorer's home, opens the newest block to check something, waits
// there while the chain moves on, and goes back: the half-typed hash is still in its box, and the home's first frame
// already lists the blocks mined meanwhile (the home is kept drawn and live while away, outside the page).

test('back on the explorer home: the half-typed hash is still there, and the first frame lists the newest blocks', async ({ readOnlyApp: app, page }) => {
  await page.goto(appPath(app.url, '/explorer'));
  const latest = page.getByRole('region', { name: 'Latest blocks' });
  await expect(latest.getByRole('listitem').first()).toBeVisible({ timeout: 30_000 });
  const box = page.getByRole('textbox', { name: 'Look up a receipt' });
  await box.fill('0xfeed');

  const newest = latest.getByRole('listitem').first().getByRole('link').first();
  const shown = Number((await newest.textContent())!.replaceAll(',', ''));
  await latest.getByRole('link', { name: (await newest.textContent())!, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^Block ${shown.toLocaleString('en-US')}`) })).toBeVisible();
  // Away, the home is in no part of the page (kept outside it), so nothing of it can be found twice.
  await expect(page.getByRole('region', { name: 'Latest blocks', includeHidden: true })).toHaveCount(0);
  await expect(page.getByText('Look up a receipt')).toHaveCount(0);

  // The chain moves on while the block page shows (live traffic mines a block every couple of seconds).
  await expect.poll(() => announcedHead(page), { timeout: 30_000 }).toBeGreaterThan(shown + 1);
  const head = (await announcedHead(page))!;
  // The header hears a head before the home's feed has read that block whole: go back only once the next head is
  // announced, so the home has had a block's time to take in block `head` (a home not drawn while away shows `shown`).
  await expect.poll(() => announcedHead(page), { timeout: 30_000 }).toBeGreaterThan(head);

  // The newest block of the home's first frame back, noted as it is put in the page.
  await page.evaluate(`
    const observer = new MutationObserver(() => {
      const link = document.querySelector('[aria-labelledby=latest-blocks] li a');
      if (!link) return;
      window.firstBack = link.textContent;
      observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
  `);
  await page.goBack();
  await expect(latest.getByRole('listitem').first()).toBeVisible();
  const firstBack = Number(String(await page.evaluate('window.firstBack')).replaceAll(',', ''));
  expect(firstBack, 'the newest block the home showed at once on coming back').toBeGreaterThanOrEqual(head);
  await expect(box).toHaveValue('0xfeed');
  await expect(page.getByRole('region', { name: 'Latest blocks' })).toHaveCount(1);
});

// Opened at a block (a shared link), the home is drawn ahead away from the page and laid out once at an idle moment,
// in and out of the page in one task: no moment a reader, a search or a frame could meet it, and it comes at once.
// Only once: after it has been shown, the browser has laid it out itself.
test('opened at a block, the home drawn ahead is never in the page until asked for, then comes whole', async ({ readOnlyApp: app, page }) => {
  // Every time a kept part's box is put in the page directly (only the lay-out-once does that) and whether it was
  // still there when the page could next look (a mutation observer runs after the task that changed the page).
  await page.addInitScript(`
    window.keptBoxes = [];
    new MutationObserver((records) => {
      for (const record of records) for (const node of record.addedNodes) {
        if (node instanceof HTMLElement && node.classList.contains('keep-alive') && record.target === document.body) {
          window.keptBoxes.push(node.isConnected ? 'left in the page' : 'taken out in the same task');
        }
      }
    }).observe(document, { childList: true, subtree: true });
  `);
  await page.goto(appPath(app.url, '/explorer/block/1'));
  await expect(page.getByRole('heading', { level: 1, name: /^Block 1\b/ })).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => page.evaluate('window.keptBoxes'), { timeout: 30_000 }).toEqual(['taken out in the same task']);
  await expect(page.getByRole('region', { name: 'Latest blocks', includeHidden: true })).toHaveCount(0);
  await expect(page.getByText('Look up a receipt')).toHaveCount(0);

  await page.getByRole('link', { name: 'Explorer', exact: true }).click();
  const latest = page.getByRole('region', { name: 'Latest blocks' });
  await expect(latest.getByRole('listitem')).toHaveCount(10);
  await expect(page.getByRole('textbox', { name: 'Look up a receipt' })).toBeVisible();

  // Put away again after it was shown, it is not laid out again: the browser did that as it showed it.
  await latest.getByRole('listitem').first().getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: /^Block / })).toBeVisible();
  await page.evaluate('new Promise((resolve) => requestIdleCallback(resolve))'); // after any idle moment asked before it
  expect(await page.evaluate('window.keptBoxes')).toEqual(['taken out in the same task']);
});
