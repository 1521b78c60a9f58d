import { expect, test } from './appFixture';
import { seededManifest } from './chain';

// A person left the Local sandbox running for days: it keeps its seeded blocks and its latest live ones, and has
// dropped the live blocks before them. Settings → Sandbox says how many it keeps; a dropped block's page says that
// the sandbox no longer keeps it (not "not found", not a failure of the node); a seeded block still opens. The app
// here keeps 64 live blocks, and mines 150 into the past before its live ones, so it has dropped some within a minute.
// A log query and an address's token transfers over the whole chain pass over the dropped blocks and say which.

const KEPT = 64;

test('a block the Local sandbox dropped says so, and the seeded blocks are still there', async ({ page, launch }) => {
  test.setTimeout(240_000);
  const app = await launch(process.env, ['--sandbox-fast-forward', '0.5', '--sandbox-block-time', '1', '--sandbox-live-blocks', String(KEPT)]);
  const url = new URL(app.url);
  await page.goto(`${url.origin}/settings/sandbox${url.hash}`);
  await expect(page.getByRole('img', { name: 'Sandbox running' })).toBeVisible({ timeout: 60_000 });
  const kept = page.locator('.info-row', { has: page.locator('dt', { hasText: /^Live blocks kept$/ }) }).locator('dd');
  await expect(kept).toContainText(`the latest ${KEPT}, with their transactions, receipts and logs`);
  const seededTo = Number((await page.locator('.info-row', { has: page.locator('dt', { hasText: /^Seeded to block$/ }) }).locator('dd a').innerText()).replace(/,/g, ''));
  expect(seededTo).toBeGreaterThan(0);

  // The first live block: dropped once the sandbox renewed its live node after the fast-forward (its log says when).
  // Not opened before: a block the app once read is kept on this machine, and would still show.
  await expect.poll(() => /live node renewed at block/.test(app.logs()), { timeout: 150_000 }).toBe(true);
  const dropped = seededTo + 1;
  const notKept = page.getByText('The Local sandbox no longer keeps this block.');
  await page.goto(`${url.origin}/explorer/block/${dropped}`);
  await expect(notKept).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: `Block ${dropped}` })).toBeVisible();
  const notice = page.getByRole('alert').filter({ hasText: 'This block is no longer kept' });
  await expect(notice).toBeVisible();
  // It names the blocks kept, with links: the last seeded one's run and the live ones from the oldest kept.
  await expect(notice.getByRole('link', { name: String(seededTo) })).toHaveAttribute('href', `/explorer/block/${seededTo}`);
  await expect(notice.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await page.getByText('Details').first().click();
  await expect(page.getByText(/more when started with --live-blocks N/)).toBeVisible();
  await expect(page.getByText('pruned history unavailable', { exact: false }).first()).toBeVisible();

  // A log query over the whole chain: the seeded blocks' transfers are there, and the dropped blocks are named.
  const { contracts, accounts } = seededManifest();
  const token = contracts.tokens[0]!;
  const transferTopic = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
  await page.goto(`${url.origin}/logs?address=${token.address}&topic0=${transferTopic}&fromBlock=0&toBlock=latest${url.hash}`);
  await page.getByRole('button', { name: /^Run (query|anyway)$/ }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Done: / })).toBeVisible({ timeout: 60_000 });
  const logsNote = page.getByRole('note', { name: 'Blocks the node no longer keeps' });
  await expect(logsNote).toContainText('This node no longer keeps these blocks, so the logs in them are not in the results');
  await expect(logsNote.getByRole('link').first()).toHaveText(String(dropped));
  await expect(logsNote).toContainText(`its latest ${KEPT} live blocks`);
  expect(Number(await page.getByRole('grid', { name: 'logs' }).getAttribute('aria-rowcount'))).toBeGreaterThan(1);
  // Its export says, beside the file, what is not in it.
  const notInFile = `Not in it: what blocks ${dropped.toLocaleString('en-US')}–`;
  let download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await download;
  await expect(page.getByRole('status').filter({ hasText: /^Downloading logs-/ })).toContainText(notInFile);
  await expect(page.getByRole('status').filter({ hasText: /^Downloading logs-/ })).toContainText('which the node no longer keeps.');

  // A trader's token transfers: listed from the blocks kept, the dropped ones named.
  await page.goto(`${url.origin}/explorer/address/${accounts.traders[0]!.address}?tab=transfers${url.hash}`);
  const transfersNote = page.getByRole('note', { name: 'Blocks the node no longer keeps' });
  await expect(transfersNote).toContainText('transfers in them are not listed', { timeout: 60_000 });
  await expect(page.getByRole('grid', { name: 'token transfers' })).toBeVisible();
  download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await download;
  await expect(page.getByRole('status').filter({ hasText: /^Downloading token-transfers-/ })).toContainText(notInFile);

  // The last seeded block is still there, with its transactions.
  await page.goto(`${url.origin}/explorer/block/${seededTo}`);
  await expect(page.getByRole('heading', { name: new RegExp(`^Block ${seededTo.toLocaleString('en-US')}|^Block ${seededTo}`) })).toBeVisible({ timeout: 30_000 });
  await expect(notKept).toHaveCount(0);
});
