import fs from 'node:fs';
import path from 'node:path';
import { createSecretStore } from '../src-main/services/secrets/createSecretStore';
import { expect, test } from './appFixture';

// After a session of use, the keys a person typed appear nowhere but the OS keychain: not in the
// page, not in browser storage, not in the SQLite file, not in the logs, not in any file of the
// data folder (the sandbox's key is held the same way).

const HOSTED_KEY = 'hostedKeyE2e9c41d0a7b3f2e8d6c5b4a3';
const HOSTED_SECRET = 'hostedSecretE2e51f0e9d8c7b6a5';

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

test('keys typed in Settings are nowhere but the keychain after a session', async ({ app, page }) => {
  const url = new URL(app.url);
  await page.goto(`${url.origin}/settings/keys${url.hash}`);
  await page.getByRole('button', { name: 'Add key for Hosted service' }).click();
  await page.getByRole('textbox', { name: 'API key', exact: true }).fill(HOSTED_KEY);
  await page.getByRole('textbox', { name: 'API secret (optional)' }).fill(HOSTED_SECRET);
  await page.getByRole('button', { name: /save/i }).click();
  // The page shows only a hint: the key's first and last few characters.
  await expect(page.getByLabel(/^Key hint host.*….*a3$/)).toBeVisible();

  // Use the app a little: a hosted network (unreachable here: its error must not carry the key), themes, search.
  await page.getByRole('link', { name: /networks/i }).first().click();
  await page.getByRole('button', { name: 'Test connection to Ethereum Mainnet' }).click();
  await expect(page.getByText(/could not|unreachable|failed|not reach/i).first()).toBeVisible({ timeout: 30_000 });
  await page.getByRole('searchbox', { name: 'Search' }).fill('0x7a69');
  await page.keyboard.press('Enter');
  await page.goto(`${url.origin}/settings/sandbox`);

  // The Local sandbox's key, which the app made for itself on first run, is as secret as a typed one.
  const keychain = createSecretStore();
  const local = await keychain.get('local');
  await keychain.close();
  expect(local?.apiKey).toBeTruthy();
  const secrets = [HOSTED_KEY, HOSTED_SECRET, encodeURIComponent(HOSTED_KEY), local!.apiKey, local!.apiSecret ?? local!.apiKey];
  const dom = await page.content();
  const storage = await page.evaluate(async () => {
    // This runs in the page; e2e code is compiled without DOM types.
    const idb = (globalThis as unknown as { indexedDB: { databases(): Promise<{ name?: string }[]> } }).indexedDB;
    const databases = await idb.databases();
    return JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage }, idb: databases.map((db) => db.name) });
  });
  for (const secret of secrets) {
    expect(dom).not.toContain(secret);
    expect(storage).not.toContain(secret);
    expect(app.logs()).not.toContain(secret);
  }

  // The data folder once the app has stopped: at rest, with what it writes on the way out (the saved chain).
  await app.stop();
  const files = filesUnder(app.dataDir);
  expect(files.some((file) => file.endsWith('blockglass.sqlite'))).toBe(true);
  for (const file of files) {
    const bytes = fs.readFileSync(file);
    for (const secret of secrets) expect(bytes.includes(Buffer.from(secret)), `${path.relative(app.dataDir, file)} holds a key`).toBe(false);
  }
  for (const secret of secrets) expect(app.logs(), 'the logs of the whole run, shutdown included').not.toContain(secret);
});
