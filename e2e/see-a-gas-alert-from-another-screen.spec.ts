import { seriousViolations } from './accessibilityChecker';
import { expect, test } from './appFixture';

// A product manager sets a gas alert, goes off to the explorer, and the alert fires there: with desktop
// notifications blocked, the app itself shows it (a notice above the screen that goes by itself, a count on the Gas
// entry until the gas page is opened); on the gas page it is quiet after it fired, and can be snoozed.

test('an alert fired while on the explorer is visible there, and seen once the gas page is open', async ({ app, page }) => {
  // Up to a poll interval for it to fire, the notice's own time to go, then the gas page.
  test.setTimeout(150_000);
  const url = new URL(app.url);
  await page.goto(`${url.origin}/gas${url.hash}`);
  await expect(page.getByTestId('max-fee-medium')).toBeVisible({ timeout: 120_000 });
  expect(await page.evaluate(() => (globalThis as unknown as { Notification: { permission: string } }).Notification.permission), 'desktop notifications are not allowed here').not.toBe('granted');

  // Polls every 20 s: once the countdown shows a poll under that interval has just run, the next one is seconds
  // away, time enough to add the alert and leave for the explorer before it fires.
  const polling = page.getByRole('form', { name: 'Polling and history' });
  await polling.getByLabel('Poll every').fill('20');
  await polling.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('suggestion-block')).toHaveText(/next poll in (1[5-9]|20) s/, { timeout: 40_000 });

  // Above 1 wei: true at the first poll that sees the alert.
  const form = page.locator('form.gas-alert-form');
  await form.getByLabel('Figure to watch').selectOption('medium');
  await form.getByLabel('Below or above').selectOption('above');
  await form.getByLabel('Threshold in gwei').fill('0.000000001');
  await form.getByRole('button', { name: 'Add alert' }).click();
  await expect(page.getByRole('list', { name: 'Alerts' }).getByText('medium max fee above 0.000000001 gwei')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Fired alerts' })).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explorer' }).click();
  const leftAt = Date.now();
  await expect(page).toHaveURL(/\/explorer/);

  const notice = page.getByRole('alert').filter({ hasText: 'Gas alert: medium max fee above 0.000000001 gwei' });
  await expect(notice).toBeVisible({ timeout: 40_000 });
  await expect(notice).toContainText(/Local sandbox: now [\d.,]+ gwei at block #[\d,]+/);
  expect(Number(await notice.getAttribute('data-fired-at')), 'it fired after the person left the gas page').toBeGreaterThan(leftAt);
  await expect(page).toHaveURL(/\/explorer/);
  // It sits above the screen, in the page's flow, never over its content.
  const box = (await notice.boundingBox())!;
  const main = (await page.locator('#main').boundingBox())!;
  expect(box.y + box.height, 'the notice ends above the screen it is shown on').toBeLessThanOrEqual(main.y + 1);
  const gasEntry = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Gas, 1 new alert' });
  await expect(gasEntry).toBeVisible();
  await expect(gasEntry.getByTestId('nav-badge-gas')).toHaveText('1');
  // The notice and the count pass axe as shown (the entry's name holds what it shows: "Gas 1").
  expect(await seriousViolations(page)).toEqual([]);

  // It goes by itself after a few seconds; the Gas entry still counts it.
  await expect(notice).toHaveCount(0, { timeout: 20_000 });
  await expect(gasEntry).toBeVisible();

  // Opening the gas page shows it in the list, and the count goes.
  await gasEntry.click();
  await expect(page).toHaveURL(/\/gas/);
  await expect(page.getByRole('list', { name: 'Fired alerts' }).getByText('medium max fee above 0.000000001 gwei')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Gas', exact: true })).toBeVisible();

  // Snoozed, it says till when, and can be woken.
  const alert = page.getByRole('list', { name: 'Alerts', exact: true }).getByRole('listitem').filter({ hasText: 'medium max fee above 0.000000001 gwei' });
  await expect(alert).toContainText(/quiet until .+ \(fired at .+\)/);
  await alert.getByRole('combobox', { name: 'Snooze alert: medium max fee above 0.000000001 gwei' }).selectOption({ label: 'for 1 hour' });
  await expect(alert).toContainText(/snoozed until /);
  await alert.getByRole('button', { name: 'Wake alert: medium max fee above 0.000000001 gwei' }).click();
  await expect(alert).toContainText(/quiet until /);
});
