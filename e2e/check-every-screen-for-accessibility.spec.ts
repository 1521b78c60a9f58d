import type { Page } from '@playwright/test';
import { openAbiImport } from './abiImportFold';
import { AccessibilityChecker, type Screen } from './accessibilityChecker';
import { expect, test, type RunningApp } from './appFixture';
import { appPath, readChain, seededManifest } from './chain';
import { e2eSandbox } from './sandbox';

// Every route and every dialog, in both themes, checked with axe (WCAG 2 A and AA rules): no serious or critical
// violation. In each theme one app is checked fresh, and another once a person has made data in it through the UI
// (a network and its key, an imported ABI with a label, a saved log query, calls in the history, a gas alert), on
// every screen that data changes. Each screen is checked once its content is on the page, and each dialog, popover
// and listbox while it is open, so what is checked is what a person sees.

const DEMO = 'QmdDsoYecH3nyvbJ5S2Ta3zd7PKPDEqYV51dMiJx6xHhte';
const NETWORK = 'Staging node';
const LABEL = 'Journey token';
const QUERY = 'Dense block';

const css = (selector: string) => (page: Page) => page.locator(selector);

/** The routes of a fresh app: every screen, and what a person reaches by a bad link. */
async function freshScreens(): Promise<Screen[]> {
  const manifest = seededManifest();
  const swap = await readChain<{ blockHash: string; transactionIndex: string }>('eth_getTransactionByHash', [manifest.transactions.swap]);
  const receipt = css('section[aria-labelledby=tx-receipt] dl');
  return [
    { name: 'explorer home', route: '/explorer', ready: css('[aria-labelledby=latest-blocks] li'), opens: checkSearchPopovers },
    { name: 'block', route: `/explorer/block/${manifest.bigBlock.number}`, ready: css('[role=grid] [aria-rowindex="2"]') },
    { name: 'transaction', route: `/explorer/tx/${manifest.transactions.failed}`, ready: receipt },
    // Opens the transaction's own page (a redirect), so the check is of that page, reached this way.
    { name: 'transaction by block and position', route: `/explorer/block/${swap.blockHash}/tx/${Number(swap.transactionIndex)}`, ready: receipt },
    { name: 'transaction at a position that is no number', route: `/explorer/block/${swap.blockHash}/tx/first`, ready: css('main [role=alert]') },
    { name: 'address', route: `/explorer/address/${manifest.contracts.reverter}`, ready: css('main h1') },
    { name: 'logs', route: logsRoute(manifest.logStorm.denseFromBlock + 2), ready: css('form[aria-label="Log query"]'), opens: checkEventPicker },
    { name: 'call', route: callRoute(), ready: css('form[aria-label="Call"]') },
    { name: 'gas', route: '/gas', ready: css('[data-testid="max-fee-medium"]') },
    { name: 'content', route: '/content', ready: css('.content-landing') },
    { name: 'content folder', route: `/content/${DEMO}`, ready: css('[role=grid] [aria-rowindex="2"]') },
    { name: 'content file', route: `/content/${DEMO}/README.md`, ready: css('.content-markdown h1') },
    { name: 'content JSON file', route: `/content/${DEMO}/metadata.json`, ready: css('[role=tree]') },
    { name: 'content image', route: `/content/${DEMO}/images/blockglass.png`, ready: css('img.content-image') },
    { name: 'unknown route', route: '/no-such-screen', ready: css('#not-found-title') },
    // Opens /settings/networks.
    { name: 'settings: networks', route: '/settings', ready: css('.settings-content th[scope=row]') },
    { name: 'settings: new network', route: '/settings/networks/new', ready: css('form[aria-label="Network"]'), opens: checkNetworkRefused },
    { name: 'settings: keys', route: '/settings/keys', ready: css('.credential-card') },
    { name: 'settings: sandbox', route: '/settings/sandbox', ready: (page) => page.getByRole('button', { name: 'Reset chain' }), opens: checkResetChain },
    { name: 'settings: appearance', route: '/settings/appearance', ready: css('.theme-choices') },
    { name: 'settings: unknown page', route: '/settings/no-such-page', ready: (page) => page.getByRole('heading', { name: 'No such settings page' }) },
  ];
}

/** The dense log range of the seeded chain, from its first block to `toBlock`. */
function logsRoute(toBlock: number): string {
  const { contracts, logStorm } = seededManifest();
  return `/logs?address=${contracts.logStorm}&fromBlock=${logStorm.denseFromBlock}&toBlock=${toBlock}`;
}

/** A call to the Reverter that reverts with a custom error. */
function callRoute(): string {
  const { contracts, reverts } = seededManifest();
  return `/call?to=${contracts.reverter}&data=${reverts.customError.data}`;
}

/** The token of the seeded ERC-20 transfer: the address that gets an imported ABI and a label. */
async function labelledToken(): Promise<string> {
  return (await readChain<{ to: string }>('eth_getTransactionByHash', [seededManifest().transactions.erc20Transfer])).to;
}

/** The search box's popovers: where a query leads, and what is wrong with one. */
async function checkSearchPopovers(page: Page, checker: AccessibilityChecker): Promise<void> {
  const search = page.getByRole('search').getByRole('searchbox', { name: 'Search' });
  await search.fill('1');
  await expect(page.locator('.global-search-hint')).toBeVisible();
  await checker.check('search: where a block number leads');
  await search.fill('not a block');
  await search.press('Enter');
  await expect(page.getByRole('search').getByRole('alert')).toBeVisible();
  await checker.check('search: what is wrong with a query');
  await search.fill('');
}

/** The log builder's event picker, its list of events open. */
async function checkEventPicker(page: Page, checker: AccessibilityChecker): Promise<void> {
  const picker = page.getByRole('combobox', { name: 'Event (by name)' });
  await picker.fill('Transfer');
  await expect(page.getByRole('listbox', { name: 'Events' }).getByRole('option').first()).toBeVisible({ timeout: 30_000 });
  await checker.check('logs: the event picker open');
  await picker.press('Escape');
}

/** The new-network form refused, each field with its reason. */
async function checkNetworkRefused(page: Page, checker: AccessibilityChecker): Promise<void> {
  await page.getByRole('button', { name: 'Add network' }).click();
  await expect(page.getByRole('main').getByText('Enter a name.').first()).toBeVisible();
  await checker.check('settings: new network refused, with its reasons');
}

/** The Reset chain dialog. */
async function checkResetChain(page: Page, checker: AccessibilityChecker): Promise<void> {
  const reset = page.getByRole('button', { name: 'Reset chain' });
  await expect(reset).toBeEnabled({ timeout: 60_000 });
  await checker.dialog('sandbox: reset chain', reset, 'Reset the local chain?');
}

/**
 * Makes data as a person does, through the UI: a network and its key, an ABI imported with a label, a saved log
 * query, a reverting call in the history, a gas alert. Forms and results are checked as they are shown.
 */
async function makeData(page: Page, app: RunningApp, checker: AccessibilityChecker): Promise<void> {
  const service = e2eSandbox();
  await page.goto(appPath(app.url, '/settings/networks/new'));
  await page.getByLabel('Name').fill(NETWORK);
  await page.getByLabel('Chain id').fill('31337');
  await page.getByLabel('JSON-RPC address').fill(`${new URL(service.rpcUrl).origin}/local/v3/`);
  await page.getByRole('button', { name: 'Add network' }).click();
  await expect(page.getByRole('main').getByText(NETWORK).first()).toBeVisible();
  await page.getByRole('link', { name: /API keys/i }).first().click();
  await page.getByRole('button', { name: `Add key for ${NETWORK}` }).click();
  await expect(page.getByRole('form', { name: `Add key for ${NETWORK}` })).toBeVisible();
  await checker.check('settings: keys, adding a key');
  await page.getByRole('textbox', { name: 'API key', exact: true }).fill(service.key);
  await page.getByRole('button', { name: /save/i }).click();
  await expect(page.getByRole('button', { name: `Delete key for ${NETWORK}` })).toBeVisible();

  await page.goto(appPath(app.url, `/explorer/address/${await labelledToken()}`));
  const form = page.getByRole('region', { name: 'Import an ABI' });
  // Folded away (the token's ABI is known from its metadata) until opened.
  const abi = await openAbiImport(form);
  await abi.fill('function transfer(address recipient, uint256 amount) returns (bool)');
  await form.getByLabel('Label for this address (optional)').fill(LABEL);
  await form.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByRole('region', { name: 'Imported ABI' })).toBeVisible();

  const dense = seededManifest().logStorm.denseFromBlock;
  await page.goto(appPath(app.url, logsRoute(dense)));
  await page.getByLabel('Name for this query').fill(QUERY);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('complementary', { name: 'Saved queries' }).getByRole('button', { name: QUERY, exact: true })).toBeVisible();

  await page.goto(appPath(app.url, callRoute()));
  await page.getByRole('button', { name: 'Run eth_call' }).click();
  await expect(page.getByRole('heading', { name: /^Reverted / })).toBeVisible({ timeout: 30_000 });
  await checker.check('call: a revert decoded');

  await page.goto(appPath(app.url, '/gas'));
  const current = Number(await page.getByTestId('max-fee-medium').getAttribute('data-exact', { timeout: 120_000 }));
  const alerts = page.locator('form.gas-alert-form');
  await alerts.getByLabel('Figure to watch').selectOption('medium');
  await alerts.getByLabel('Below or above').selectOption('above');
  await alerts.getByLabel('Threshold in gwei').fill((current * 2).toFixed(9));
  await alerts.getByRole('button', { name: 'Add alert' }).click();
  await expect(page.getByRole('list', { name: 'Alerts' }).getByText('medium max fee above')).toBeVisible();
}

/** Every screen the data changes, and the dialogs that need data, each checked. */
async function checkWithData(page: Page, checker: AccessibilityChecker): Promise<void> {
  const manifest = seededManifest();
  const labelled = await labelledToken();
  const mine = (what: string) => (p: Page) => p.getByRole('main').getByText(what);

  await checker.visit({ name: 'settings: networks with a network added', route: '/settings/networks', ready: mine(NETWORK) });
  await page.getByRole('button', { name: `Test connection to ${NETWORK}` }).click();
  await expect(page.getByRole('status', { name: `Connection test of ${NETWORK}` })).toBeVisible({ timeout: 30_000 });
  await checker.check('settings: networks, a connection tested');
  await checker.dialog('settings: delete network', page.getByRole('button', { name: `Delete ${NETWORK}` }), `Delete ${NETWORK}?`);
  await page.getByRole('link', { name: `Edit ${NETWORK}` }).click();
  await expect(page).toHaveURL(/\/settings\/networks\/[^/]+\/edit/);
  await expect(page.getByLabel('Name')).toHaveValue(NETWORK);
  await checker.check('settings: edit a network');

  await checker.visit({ name: 'settings: keys with a key added', route: '/settings/keys', ready: (p) => p.getByRole('button', { name: `Delete key for ${NETWORK}` }) });
  await checker.dialog('settings: delete key', page.getByRole('button', { name: `Delete key for ${NETWORK}` }), `Delete the key for ${NETWORK}?`);

  await checker.visit({ name: 'address with an imported ABI', route: `/explorer/address/${labelled}`, ready: (p) => p.getByRole('region', { name: 'Imported ABI' }) });
  await checker.visit({ name: 'transaction decoded by an imported ABI', route: `/explorer/tx/${manifest.transactions.erc20Transfer}`, ready: (p) => p.getByRole('region', { name: 'Input' }).getByText('from the imported ABI') });

  const saved = page.getByRole('complementary', { name: 'Saved queries' });
  await checker.visit({ name: 'logs with a saved query', route: '/logs', ready: (p) => p.getByRole('complementary', { name: 'Saved queries' }).getByRole('button', { name: QUERY, exact: true }) });
  await checker.dialog('logs: delete a saved query', saved.getByRole('button', { name: `Delete ${QUERY}` }), `Delete “${QUERY}”?`);
  await saved.getByRole('button', { name: `Run ${QUERY}` }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Done: / })).toBeVisible({ timeout: 60_000 });
  await checker.check('logs: a query run, with its results');
  // A double click on the row's log index (a cell without a link: a link's click goes where it points).
  await page.getByRole('grid', { name: 'logs' }).locator('[aria-rowindex="2"]').getByRole('gridcell').nth(3).dblclick();
  await expect(page.getByRole('region', { name: 'Log details' })).toBeVisible();
  await checker.check('logs: a log opened');

  await checker.visit({ name: 'call with a call in the history', route: '/call', ready: (p) => p.getByRole('region', { name: 'History' }).getByRole('listitem') });
  const owner = manifest.accounts.deployer.address;
  const balanceOf = `0x70a08231${owner.slice(2).toLowerCase().padStart(64, '0')}`;
  // Another token than the one with the imported ABI, which has no balanceOf (an imported ABI is used first).
  const token = manifest.contracts.tokens.find((candidate) => candidate.address.toLowerCase() !== labelled.toLowerCase())!;
  await checker.open(`/call?to=${token.address}&data=${balanceOf}&from=${owner}`, css('form[aria-label="Call"]'));
  await expect(page.getByLabel('Function')).toHaveValue('balanceOf(address)', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Run eth_call' }).click();
  await expect(page.getByRole('region', { name: /Result/ }).getByRole('row', { name: /uint256 [\d,.]+ \w+$/ })).toBeVisible({ timeout: 30_000 });
  await checker.check('call: a balance read and decoded');

  await checker.visit({ name: 'gas with an alert', route: '/gas', ready: (p) => p.getByRole('list', { name: 'Alerts' }) });
}

// Four tests, each with its own app, run side by side: axe takes about 2 s a check on an idle machine, and the 46
// checks of one theme in one test came within its time limit on a busy one (6 minutes, timed out at check 42).
test.describe.configure({ mode: 'parallel' });

for (const scheme of ['light', 'dark'] as const) {
  test(`every screen and dialog of a fresh app passes axe in the ${scheme} theme`, async ({ app, page }) => {
    test.setTimeout(360_000);
    await page.emulateMedia({ colorScheme: scheme });
    const checker = new AccessibilityChecker(page, app);
    for (const screen of await freshScreens()) await checker.visit(screen);
    expect(checker.found, checker.found.join('\n')).toEqual([]);
  });

  test(`every screen and dialog passes axe in the ${scheme} theme once a person has made data`, async ({ app, page }) => {
    test.setTimeout(360_000);
    await page.emulateMedia({ colorScheme: scheme });
    const checker = new AccessibilityChecker(page, app);
    await makeData(page, app, checker);
    await checkWithData(page, checker);
    expect(checker.found, checker.found.join('\n')).toEqual([]);
  });
}
