import { expect, test } from './appFixture';
import { e2eSandbox } from './sandbox';

// A developer adds their own endpoint but pastes the wrong key: testing the connection shows the
// service's 401 as a message a person understands, not a stack trace.

test('testing a network with a wrong key shows the 401 clearly', async ({ app, page }) => {
  // The forms' schemas (zod, loaded with the Settings screen) must run under the page's CSP without an eval.
  await page.addInitScript(() => {
    // This runs in the page; e2e code is compiled without DOM types.
    type Violation = { violatedDirective: string; blockedURI: string };
    const scope = globalThis as unknown as { __violations: string[]; document: { addEventListener(type: string, listener: (event: Violation) => void): void } };
    scope.__violations = [];
    scope.document.addEventListener('securitypolicyviolation', (event) => scope.__violations.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  const service = e2eSandbox();
  const origin = new URL(service.rpcUrl).origin;
  const url = new URL(app.url);
  await page.goto(`${url.origin}/settings/networks/new${url.hash}`);
  await page.getByLabel('Name').fill('Staging node');
  await page.getByLabel('Chain id').fill('31337');
  await page.getByLabel('JSON-RPC address').fill(`${origin}/local/v3/`);
  await page.getByRole('button', { name: 'Add network' }).click();
  await expect(page.getByRole('main').getByText('Staging node').first()).toBeVisible();

  await page.getByRole('link', { name: /API keys/i }).first().click();
  await page.getByRole('button', { name: 'Add key for Staging node' }).click();
  await page.getByRole('textbox', { name: 'API key', exact: true }).fill('wrong-key-4f1c9a77');
  await page.getByRole('button', { name: /save/i }).click();
  await expect(page.getByLabel(/^Key hint /).first()).toBeVisible();

  await page.getByRole('link', { name: /networks/i }).first().click();
  await page.getByRole('button', { name: 'Test connection to Staging node' }).click();
  // What happened and what to do, in words; the status code and the service's own words behind "Details".
  const notice = page.getByRole('alert').filter({ hasText: 'The service rejected the API key.' });
  await expect(notice).toBeVisible({ timeout: 20_000 });
  await expect(notice.getByRole('link', { name: 'Open API keys' })).toBeVisible();
  await expect(notice.getByText('401', { exact: true })).toBeHidden();
  await notice.getByText('Details', { exact: true }).click();
  await expect(notice.getByText('401', { exact: true })).toBeVisible();
  await expect(notice.getByText('invalid project id', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => (globalThis as unknown as { __violations: string[] }).__violations)).toEqual([]);
});
