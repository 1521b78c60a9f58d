import fc from 'fast-check';
import type { Locator, Page } from '@playwright/test';
import { BIDI_CONTROLS, hostileText, MEGABYTE, PWNED, SCRIPT_PAYLOADS } from '../test-support/hostileInput';
import { expect, test } from './appFixture';
import { appPath, seededManifest } from './chain';

// Issue 14, hostile input: someone pastes and types the worst text there is into every box of every screen (the
// search box, the explorer's deep links, the log-query builder, the call playground, the gas alert and settings,
// the content CID box, the network and key forms): strings from a seeded fast-check arbitrary, a megabyte paste,
// bidi controls, markup and script that would set window.__pwned, numbers past every range. The page never
// throws, the frame stays, no script from the input runs and no dialog opens, the key fields say what is wrong
// with a specific message, and afterwards the networks, the settings and a query saved before still open.

const BOXES = 'input:not([type=checkbox]):not([type=radio]):not([type=file]):not([type=hidden]):not([type=range]):not([type=color]):not([readonly]):not([disabled]), textarea:not([readonly]):not([disabled])';
const DEMO = 'QmdDsoYecH3nyvbJ5S2Ta3zd7PKPDEqYV51dMiJx6xHhte';

/**
 * What is typed: into every box the fixed nasty strings, and in turn the next few of a seeded sample of hostile
 * text (so each box gets others, and many distinct strings are tried without typing each everywhere).
 */
class HostileSupply {
  readonly fixed = [
    SCRIPT_PAYLOADS[0]!,
    SCRIPT_PAYLOADS[1]!,
    `admin${BIDI_CONTROLS[0]}gpj.exe ${BIDI_CONTROLS[5]}x${BIDI_CONTROLS[8]}`,
    (2n ** 256n).toString(),
    '1e308',
    '\u200B\uFEFF',
  ];
  private readonly sample = fc.sample(hostileText(60), { numRuns: 200, seed: 14 });
  private next = 0;
  readonly used = new Set<string>();

  /** The strings for one box: the fixed ones and the next `count` of the sample. */
  forBox(count = 4): string[] {
    const taken = Array.from({ length: count }, () => this.sample[this.next++ % this.sample.length]!);
    const strings = [...this.fixed, ...taken];
    for (const text of strings) this.used.add(text);
    return strings;
  }
}

/** Numbers for boxes of type number (the browser takes nothing else there). */
const HOSTILE_NUMBERS = ['1e308', '-1', '-0', '9'.repeat(400), '0.000000000000000001'];

/** A megabyte paste ending in a right-to-left override. */
const MEGABYTE_PASTE = 'x'.repeat(MEGABYTE - 1) + '\u202E';

/** The page is still standing: nothing thrown, no script from the input ran, no dialog, the frame is there. */
async function expectStanding(page: Page, problems: string[], where: string): Promise<void> {
  expect(problems, `${where}: ${problems.join('\n')}`).toEqual([]);
  expect(await page.evaluate((name) => (globalThis as Record<string, unknown>)[name], PWNED), `${where}: a script from the input ran`).toBeUndefined();
  await expect(page.getByRole('navigation', { name: 'Main' }), where).toBeVisible();
}

/**
 * Types hostile strings into every box inside `scope` (boxes that appear while typing are reached too), and a
 * megabyte paste into the first (each paste takes a second or two); returns how many strings were typed.
 */
async function typeIntoEveryBox(page: Page, scope: Locator, supply: HostileSupply, problems: string[], where: string): Promise<number> {
  let tried = 0;
  for (let index = 0; index < (await scope.locator(BOXES).count()); index++) {
    const box = scope.locator(BOXES).nth(index);
    if (!(await box.isVisible())) continue;
    const name = `${where} box ${index + 1} (${(await box.getAttribute('aria-label')) ?? (await box.getAttribute('placeholder')) ?? (await box.getAttribute('name')) ?? '?'})`;
    const numeric = (await box.getAttribute('type')) === 'number';
    const strings = numeric ? HOSTILE_NUMBERS : [...supply.forBox(), ...(tried === 0 ? [MEGABYTE_PASTE] : [])];
    for (const text of strings) {
      await box.fill(text, { timeout: 30_000 });
      tried += 1;
    }
    await box.fill('');
    await box.blur();
    await expectStanding(page, problems, name);
  }
  return tried;
}

// When the journey fails, the app's own log says what the app and its sandbox went through.
test.afterEach(({ app }, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) console.log(`app log (last 4,000 characters):\n${app.logs().slice(-4000)}`);
});

test('hostile text typed into every box leaves every screen standing, and nothing stored damaged', async ({ app, page }) => {
  test.setTimeout(300_000);
  const manifest = seededManifest();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('dialog', (dialog) => {
    problems.push(`a dialog opened: ${dialog.message()}`);
    void dialog.dismiss();
  });
  const supply = new HostileSupply();
  let tried = 0;
  const laps: string[] = [];
  let lapStart = Date.now();
  const lap = (what: string) => {
    laps.push(`${what} ${((Date.now() - lapStart) / 1000).toFixed(1)} s`);
    lapStart = Date.now();
  };
  const go = async (route: string) => {
    await page.goto(appPath(app.url, route));
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible({ timeout: 60_000 });
  };

  // Something stored before, to open again at the end.
  const token = manifest.contracts.tokens[0]!;
  await go(`/logs?address=${token.address}&fromBlock=1&toBlock=latest`);
  await page.getByLabel('Name for this query').fill('Kept before the fuzz');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const saved = page.getByRole('complementary', { name: 'Saved queries' });
  await expect(saved.getByRole('button', { name: 'Kept before the fuzz', exact: true })).toBeVisible();

  // The search box: each string submitted; what is not a block, hash, address or CID is refused in words.
  const search = page.getByRole('searchbox', { name: 'Search' });
  for (const text of [...supply.forBox(6), MEGABYTE_PASTE]) {
    await search.fill(text);
    await search.press('Enter');
    tried += 1;
    const message = page.locator('.global-search-message');
    if (await message.isVisible()) expect((await message.textContent())!.trim()).not.toBe('');
  }
  await search.fill(`<img src=x onerror="window.${PWNED}=1">`);
  await search.press('Enter');
  await expect(page.locator('.global-search-message')).toHaveText(/\S/);
  await search.fill('');
  await expectStanding(page, problems, 'search box');
  lap('search box');

  // Deep links with hostile parts: each screen explains, none throws.
  for (const text of [...supply.fixed.slice(1, 3), ...supply.forBox(1).slice(-1)]) {
    const part = encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '?'));
    for (const route of [`/explorer/block/${part}`, `/explorer/tx/${part}`, `/explorer/address/${part}`, `/explorer/block/${manifest.transactions.failed}/tx/${part}`, `/content/${part}`, `/content/${DEMO}/${part}`, `/logs?address=${part}&fromBlock=${part}`, `/call?to=${part}&data=${part}`]) {
      tried += 1;
      const response = await page.goto(appPath(app.url, route));
      // A part that is an encoded separator, a dot segment or a control character never reaches the app: the
      // web host refuses the path (resolveStaticPath), saying why.
      if (response?.status() === 400) {
        await expect(page.locator('body')).toHaveText(/^400 Bad Request: (dot segment|encoded separator|encoded control character)\s*$/);
        continue;
      }
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible({ timeout: 60_000 });
      await expect(page.getByRole('main')).toHaveText(/\S/, { timeout: 30_000 });
    }
    await expectStanding(page, problems, `deep links with ${JSON.stringify(text.slice(0, 40))}`);
  }
  await go(`/explorer/block/${encodeURIComponent(`<img src=x onerror="window.${PWNED}=1">`)}`);
  await expect(page.getByRole('main')).toContainText(/block is a number|not a block/i);
  lap('deep links');

  // The log-query builder, the call playground, the gas screen, the content landing: every box.
  await go('/logs');
  await expect(page.getByLabel('Contract addresses')).toBeVisible({ timeout: 60_000 });
  tried += await typeIntoEveryBox(page, page.getByRole('main'), supply, problems, 'logs');
  lap('logs');
  await go('/call');
  await expect(page.getByLabel('Contract address (to)')).toBeVisible({ timeout: 60_000 });
  tried += await typeIntoEveryBox(page, page.getByRole('main'), supply, problems, 'call');
  lap('call');
  // The gas screen: where the app checks a box, the refusal is specific (a bidi control shown by its code).
  await go('/gas');
  const threshold = page.getByLabel('Threshold in gwei').first();
  await threshold.fill('lots');
  await threshold.blur();
  await expect(page.getByText('"lots" is not a number of gwei: use digits and at most one dot.')).toBeVisible({ timeout: 60_000 });
  await threshold.fill('2\u202E3');
  await threshold.blur();
  await expect(page.getByText('"2\\u{202E}3" is not a number of gwei: use digits and at most one dot.')).toBeVisible();
  tried += 2 + (await typeIntoEveryBox(page, page.getByRole('main'), supply, problems, 'gas'));
  lap('gas');
  await go('/content');
  const cidBox = page.getByLabel('CID or path');
  await expect(cidBox).toBeVisible({ timeout: 60_000 });
  tried += await typeIntoEveryBox(page, page.getByRole('main'), supply, problems, 'content');
  await cidBox.fill(`<img src=x onerror="window.${PWNED}=1">`);
  await cidBox.press('Enter');
  await expect(page.getByRole('main').locator('.field-error')).toHaveText(/\S/);
  tried += 1;
  lap('content');

  // The network form: every box, then a name with markup stored and shown as text, and the refusals in words.
  await go('/settings/networks/new');
  await expect(page.getByLabel('Name')).toBeVisible({ timeout: 60_000 });
  tried += await typeIntoEveryBox(page, page.getByRole('form', { name: 'Network' }), supply, problems, 'network form');
  const name = `<img src=x onerror="window.${PWNED}=1"> & <b>node</b>`;
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Chain id').fill('abc');
  await page.getByLabel('JSON-RPC address').fill(`javascript:window.${PWNED}=1`);
  await page.getByRole('button', { name: 'Add network' }).click();
  await expect(page.getByText('The chain id of an EVM network is a positive whole number, such as 1 or 11155111.')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Network' }).locator('.field-error').nth(1)).toHaveText(/\S/);
  await page.getByLabel('Chain id').fill((2n ** 256n).toString());
  await page.getByLabel('JSON-RPC address').fill('http://127.0.0.1:9/');
  await page.getByRole('button', { name: 'Add network' }).click();
  await expect(page.getByText('The chain id of an EVM network is a positive whole number, such as 1 or 11155111.')).toBeVisible();
  await page.getByLabel('Chain id').fill('31337');
  await page.getByRole('button', { name: 'Add network' }).click();
  await expect(page.getByRole('main').getByText(name).first()).toBeVisible();
  tried += 4;
  lap('network form');

  // The key form of that network: every box, then a key with a space refused in words.
  await go('/settings/keys');
  await page.getByRole('button', { name: `Add key for ${name}` }).click();
  const keyForm = page.getByRole('form', { name: `Add key for ${name}` });
  tried += await typeIntoEveryBox(page, keyForm, supply, problems, 'key form');
  await keyForm.getByRole('textbox', { name: 'API key', exact: true }).fill('has spaces <b>in</b> it');
  await keyForm.getByRole('button', { name: /save/i }).click();
  await expect(keyForm.getByText('An API key has no spaces.')).toBeVisible();
  tried += 1;
  await expectStanding(page, problems, 'forms');
  lap('key form');

  // Nothing stored damaged: the networks and the settings load, and the query saved first still opens.
  await go('/settings/networks');
  await expect(page.getByRole('main').getByText('Local sandbox').first()).toBeVisible();
  await expect(page.getByRole('main').getByText(name).first()).toBeVisible();
  await go('/settings/appearance');
  await expect(page.getByRole('main').getByRole('radio').first()).toBeVisible();
  await go('/logs');
  await page.getByRole('complementary', { name: 'Saved queries' }).getByRole('button', { name: 'Kept before the fuzz', exact: true }).click();
  await expect(page.getByLabel('Contract addresses')).toHaveValue(token.address);
  await expectStanding(page, problems, 'after the fuzz');
  console.log(`UI fuzz: ${tried} hostile strings typed, pasted or linked (${supply.used.size} distinct, megabyte pastes and numbers besides); ${laps.join(', ')}`);
});
