import { seriousViolations } from './accessibilityChecker';
import { appPath, seededManifest } from './chain';
import { expect, test } from './appFixture';

// A support engineer opens a transaction that failed for want of gas (the router's redeem, sent with too little, ran
// out three calls below it). Its Overview says it failed and offers a re-run; on the What if tab, as a call at its
// parent block's state, they raise the gas limit to what the node says it needs and run it: the re-run succeeds,
// its call tree beside the failed original's. The deep revert, re-run with far more gas, still reverts, with the
// same custom error: gas was not its problem.

/** What the seed says of its out-of-gas transaction and its deep revert (the manifest's `transactions`). */
interface Seeded {
  outOfGas: { hash: string; gasLimit: number; gasNeeded: number };
  deepRevert: { hash: string; errorName: string };
}

const grouped = (value: number) => value.toLocaleString('en-US');

test('a transaction that ran out of gas, re-run with more, succeeds beside the failed original', async ({ readOnlyApp: app, page }) => {
  const { outOfGas } = seededManifest().transactions as unknown as Seeded;

  await page.goto(appPath(app.url, `/explorer/tx/${outOfGas.hash}`));
  const summary = page.getByRole('region', { name: /^(Failed|Reverted|Ran out)/ });
  // Once the trace is read, the headline says where the gas ran out, and by whose call.
  await expect(page.getByRole('heading', { level: 2, name: /^Ran out of gas in Trace\w+\.\w+, called by Trace\w+\.\w+$/ })).toBeVisible({ timeout: 30_000 });
  await expect(summary.getByRole('link', { name: 'Re-run with more gas' })).toBeVisible();

  await page.getByRole('link', { name: 'What if', exact: true }).click();
  await expect(page.getByRole('link', { name: 'What if', exact: true })).toHaveAttribute('aria-current', 'page');
  const whatIf = page.getByRole('region', { name: 'What if' });
  await expect(whatIf.getByText(/as a call at block [\d,]+'s state/)).toBeVisible({ timeout: 30_000 });
  await expect(whatIf.getByLabel('What to change')).toHaveValue('gasLimit');
  const gas = whatIf.getByLabel('Gas limit');
  await expect(gas).toHaveValue(String(outOfGas.gasLimit));
  await gas.fill(String(outOfGas.gasNeeded));
  await whatIf.getByRole('button', { name: 'Run' }).click();
  // The change is in the link, to be shared.
  await expect(page).toHaveURL(new RegExp(`\\?tab=whatif&gas=${outOfGas.gasNeeded}$`));

  const compared = page.getByRole('table', { name: 'The original and the re-run, side by side' });
  await expect(compared).toBeVisible({ timeout: 60_000 });
  const row = (name: string) => compared.getByRole('row', { name: new RegExp(`^${name}`) }).getByRole('cell');
  await expect(row('Status')).toHaveText(['Failed', 'Success']);
  await expect(row('Gas used').nth(0)).toContainText(`of ${grouped(outOfGas.gasLimit)}`);
  await expect(row('Gas used').nth(1)).toContainText(`of ${grouped(outOfGas.gasNeeded)}`);
  await expect(row('Outcome').nth(0)).toContainText(/^Ran out of gas in Trace\w+\.\w+, called by Trace\w+\.\w+/);
  await expect(compared.getByRole('columnheader', { name: /^Re-run/ })).toContainText(`gas limit ${grouped(outOfGas.gasNeeded)} (was ${grouped(outOfGas.gasLimit)})`);

  // Both call trees, each under its name and status.
  const original = page.getByRole('region', { name: 'Original Failed' });
  const rerun = page.getByRole('region', { name: 'Re-run Success' });
  await expect(original.getByRole('treegrid', { name: 'Call tree' })).toBeVisible();
  await expect(rerun.getByRole('treegrid', { name: 'Call tree' })).toBeVisible();
  await expect(rerun.getByRole('row').filter({ hasText: 'TraceToken.transfer(' })).toHaveCount(1);
  await expect(original.locator('[role="row"][aria-current="location"]')).toContainText('TraceToken');
  await expect(rerun.locator('[role="row"].is-failed')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await seriousViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });
});

test('the deep revert, re-run with far more gas, still reverts with the same custom error', async ({ readOnlyApp: app, page }) => {
  const { deepRevert } = seededManifest().transactions as unknown as Seeded;

  await page.goto(appPath(app.url, `/explorer/tx/${deepRevert.hash}?tab=whatif&gas=1000000`));
  const compared = page.getByRole('table', { name: 'The original and the re-run, side by side' });
  await expect(compared).toBeVisible({ timeout: 60_000 });
  const row = (name: string) => compared.getByRole('row', { name: new RegExp(`^${name}`) }).getByRole('cell');
  await expect(row('Status')).toHaveText(['Failed', 'Failed']);
  await expect(row('Gas used').nth(1)).toContainText('of 1,000,000');
  for (const cell of [row('Outcome').nth(0), row('Outcome').nth(1)]) {
    await expect(cell).toContainText(`Reverted in TraceToken.transfer, called by TraceVault.pay: ${deepRevert.errorName}(`);
  }
  await expect(page.getByRole('region', { name: 'What if' }).getByLabel('Gas limit')).toHaveValue('1000000');
});
