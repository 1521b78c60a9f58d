import { seriousViolations } from './accessibilityChecker';
import { appPath, seededManifest } from './chain';
import { expect, test } from './appFixture';

// A support engineer opens a transaction that failed three calls deep (a router calling a pool, the pool its vault,
// the vault the token, which refused the transfer). Its Trace tab, opened by its link, shows the call tree replayed
// in Blockglass (the service offers no debug_ methods, and the sandbox refuses them as it does), with the frame
// where the revert began marked and in view; the Overview's headline names that frame and its caller.

/** What the seed says of its deep revert (the manifest's `transactions.deepRevert`). */
interface DeepRevert {
  hash: string;
  revertingContract: string;
  revertingFunction: string;
  errorName: string;
  depth: number;
}

test('a failed transaction’s trace shows where its revert began, and its headline names it', async ({ readOnlyApp: app, page }) => {
  const deepRevert = (seededManifest().transactions as unknown as { deepRevert: DeepRevert }).deepRevert;
  const { hash, revertingContract, revertingFunction, errorName, depth } = deepRevert;

  await page.goto(appPath(app.url, `/explorer/tx/${hash}?tab=trace`));
  await expect(page.getByRole('link', { name: 'Trace', exact: true })).toHaveAttribute('aria-current', 'page', { timeout: 30_000 });
  const calls = page.getByRole('region', { name: 'Call tree' });
  await expect(calls.getByText(new RegExp(`^\\d+ calls, ${depth} deep$`))).toBeVisible({ timeout: 30_000 });
  await expect(calls.getByText('Replayed in Blockglass: the node offers no call tracer', { exact: false })).toBeVisible();
  // The replay reproduced the receipt: no warning that the tree is not the truth.
  await expect(calls.getByRole('alert')).toHaveCount(0);

  // The frame where the revert began: the token's transfer, failing with its custom error, four levels down, in view.
  const origin = calls.locator('[role="row"][aria-current="location"]');
  await expect(origin).toHaveCount(1);
  await expect(origin).toContainText(`TraceToken.${revertingFunction}(`);
  await expect(origin).toContainText(errorName);
  await expect(origin).toContainText('revert began here');
  await expect(origin).toHaveAttribute('aria-level', String(depth + 1));
  await expect(origin).toBeInViewport();
  await expect(origin.getByRole('link', { name: 'TraceToken' })).toHaveAttribute('href', new RegExp(`/explorer/address/${revertingContract}$`, 'i'));

  // Its raw revert data, one Enter away on the tree (the origin is the active row).
  await calls.getByRole('treegrid', { name: 'Call tree' }).focus();
  await page.keyboard.press('Enter');
  await expect(origin.getByLabel('Raw revert data')).toContainText(/^0x[0-9a-f]{8}/);
  // The tree grid, with a row's raw data open, as a screen reader meets it, in the light theme and the dark.
  expect(await seriousViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await seriousViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });

  // The Overview's headline names the origin, its caller and the error.
  await page.getByRole('link', { name: 'Overview', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^Reverted in TraceToken\\.${revertingFunction}, called by TraceVault\\.pay: ${errorName}\\(`) })).toBeVisible({ timeout: 30_000 });
  expect(new URL(page.url()).search).toBe('');
});
