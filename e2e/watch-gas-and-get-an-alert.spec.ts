import type { Locator, Page } from '@playwright/test';
import { expect, test, type RunningApp } from './appFixture';
import { appSandbox } from './appSandbox';

// A product manager leaves the gas dashboard open: the figures are the gas API's own for the block they name,
// the charts fill in from stored samples, an alert fires when the sandbox's traffic moves the fee, and a node
// without a gas API still gets levels, estimated locally and labelled as such.

async function openGas(app: RunningApp, page: Page, query = '') {
  const url = new URL(app.url);
  await page.goto(`${url.origin}/gas${query}${url.hash}`);
  await expect(page.getByTestId('max-fee-medium')).toBeVisible({ timeout: 120_000 });
}

/** Everything the page shows of one snapshot, read at once (a poll may land between two reads). */
function shown(page: Page) {
  return page.evaluate(() => {
    const doc = (globalThis as unknown as { document: { querySelector(s: string): { textContent: string | null; getAttribute(n: string): string | null } | null } }).document;
    const exact = (id: string) => doc.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-exact') ?? null;
    return {
      block: Number(/#([\d,]+)/.exec(doc.querySelector('[data-testid="suggestion-block"]')?.textContent ?? '')?.[1]?.replace(/,/g, '') ?? NaN),
      source: doc.querySelector('[data-testid="gas-source"]')?.textContent ?? '',
      maxFee: ['low', 'medium', 'high'].map((level) => exact(`max-fee-${level}`)),
      priorityFee: ['low', 'medium', 'high'].map((level) => exact(`priority-fee-${level}`)),
      baseFee: exact('base-fee'),
      congestion: doc.querySelector('[data-testid="congestion"]')?.textContent ?? '',
    };
  });
}

/** Hovers a chart's right edge until its legend shows series `index`'s value there (a new sample may redraw it meanwhile). */
async function expectHoverValue(chart: Locator, index: number, value: RegExp) {
  await expect(async () => {
    const over = chart.locator('.u-over');
    await over.scrollIntoViewIfNeeded();
    const box = (await over.boundingBox())!;
    await over.hover({ position: { x: box.width / 2, y: box.height / 2 } });
    await over.hover({ position: { x: box.width - 2, y: box.height / 2 } });
    await expect(chart.locator('.u-legend .u-series').nth(index).locator('.u-value')).toHaveText(value, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
}

test('the dashboard shows the figures the sandbox gas API serves for the same block', async ({ app, page }) => {
  test.setTimeout(240_000);
  const sandbox = await appSandbox(app);
  // The gas API's answer for each block, as the test reads it alongside the page (a new block comes every 2 s and
  // the page polls every 10 s, so the page's block is rarely the newest when it is read): the page's figures are
  // then compared with the answer for the block the page names, whenever it was served.
  type Served = Record<'low' | 'medium' | 'high', { suggestedMaxFeePerGas: string; suggestedMaxPriorityFeePerGas: string }> & { estimatedBaseFee: string; networkCongestion: number };
  const servedAt = new Map<number, Served>();
  const authorization = `Basic ${Buffer.from(`${sandbox.key}:${sandbox.secret}`).toString('base64')}`;
  let recording = true;
  const recorder = (async () => {
    while (recording) {
      // A failed read is read again; the comparison below fails by name if no answer for the page's block is ever read.
      await fetch(`${sandbox.origin}/networks/31337/suggestedGasFees`, { headers: { authorization } })
        .then(async (response) => (response.ok ? servedAt.set(Number(response.headers.get('x-block-number')), (await response.json()) as Served) : response.arrayBuffer()))
        .catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  try {
    await openGas(app, page);
    // Read again until the gas API's answer for the block the page names has been recorded: then the figures must be
    // that answer's.
    await expect(async () => {
      const before = await shown(page);
      expect(servedAt.has(before.block), `the gas API's answer for block ${before.block} was recorded`).toBe(true);
      const served = servedAt.get(before.block)!;
      expect(before.source).toBe('Source: gas API');
      expect(before.maxFee).toEqual([served.low.suggestedMaxFeePerGas, served.medium.suggestedMaxFeePerGas, served.high.suggestedMaxFeePerGas]);
      expect(before.priorityFee).toEqual([served.low.suggestedMaxPriorityFeePerGas, served.medium.suggestedMaxPriorityFeePerGas, served.high.suggestedMaxPriorityFeePerGas]);
      expect(before.baseFee).toBe(served.estimatedBaseFee);
      expect(before.congestion).toBe(`${Math.round(served.networkCongestion * 100)}%`);
      expect((await shown(page)).block, 'the page still showed that block while it was read').toBe(before.block);
    }).toPass({ timeout: 90_000, intervals: [500] });
  } finally {
    recording = false;
    await recorder;
  }
  // Figures read at a glance (at most four significant digits), the exact one on hover.
  const medium = page.getByTestId('max-fee-medium');
  const exact = (await medium.getAttribute('data-exact'))!;
  await expect(medium).toHaveAttribute('title', `${exact} gwei exactly`);
  expect((await medium.textContent())!.replace(/[^\d]/g, '').replace(/^0+/, '').length).toBeLessThanOrEqual(Math.max(4, exact.split('.')[0]!.length));
  // Units and sources are said, not implied; each term says what it means on keyboard focus.
  await expect(page.getByText('max fee per gas').first()).toBeVisible();
  for (const [term, meaning] of [
    ['Blob base fee', /price per unit of blob gas/],
    ['The blocks after, empty to full', /at most 12\.5%/],
    ['Congestion', /ranks among recent blocks/],
  ] as const) {
    const word = page.getByText(term, { exact: true });
    await word.focus();
    await expect(word).toHaveAccessibleDescription(meaning);
    await expect(page.getByRole('tooltip').filter({ hasText: meaning })).toBeVisible();
  }
  await expect(page.getByRole('figure', { name: /^Congestion: \d+%, (Quiet|Normal|Busy|Congested)$/ })).toBeVisible();
  await expect(page.getByText('Transfer (21,000 gas)').first()).toBeVisible();
  await expect(page.getByText(/Next block \(#[\d,]+\), exact/)).toBeVisible();
});

test('the charts fill in from stored samples and from the latest blocks, with values on hover', async ({ app, page }) => {
  // Its waits (a fresh app's sandbox, two samples stored, the backfill) add up to more than the default minute.
  test.setTimeout(180_000);
  await openGas(app, page);
  await expect(page.getByTestId('history-samples')).toHaveText(/^([2-9]|\d{2,}) samples stored on this machine/, { timeout: 60_000 });
  const history = page.getByRole('img', { name: /Base fee and priority fees over the last hour/ });
  // Hovering shows the values under the cursor in the legend (the chart may redraw with a new sample meanwhile).
  await expectHoverValue(history, 1, /\d gwei$/);
  // The axis spans the window chosen, whatever samples there are: in the words above it and in uPlot's own scale.
  for (const [tab, seconds] of [
    ['Hour', 3600],
    ['Day', 86_400],
    ['Week', 604_800],
  ] as const) {
    await page.getByRole('tab', { name: tab }).click();
    const window = page.getByTestId('history-window');
    await expect(async () => {
      const from = Number(await window.getAttribute('data-from'));
      const to = Number(await window.getAttribute('data-to'));
      expect(to - from, `${tab}: the window`).toBe(seconds);
      expect(to, `${tab}: it ends now (or at the newest sample, on a chain whose clock runs ahead)`).toBeGreaterThan(Date.now() / 1000 - 120);
      const plot = page.getByTestId('gas-history').locator('.uplot');
      expect(Number(await plot.getAttribute('data-x-max')) - Number(await plot.getAttribute('data-x-min')), `${tab}: the axis`).toBeGreaterThan(seconds - 60);
    }).toPass({ timeout: 15_000 });
    await expect(window).toHaveText(/^From .+ to .+/);
  }
  await expect(page.getByRole('img', { name: /over the last week/ })).toBeVisible();
  await expect(page.getByTestId('history-backfill')).toHaveCount(0, { timeout: 60_000 });

  const blocks = page.getByRole('img', { name: 'Base fee and gas used per block over the latest blocks' });
  await expectHoverValue(blocks, 0, /^#\d+$/);
  await expect(blocks.locator('.u-legend .u-series').nth(1).locator('.u-value')).toHaveText(/% of the limit$/);
});

test('an alert fires, in the list and as a desktop notification, when the traffic moves the fee across it', async ({ app, page, context }) => {
  await context.grantPermissions(['notifications']);
  // Record the notifications the page shows (the real constructor still runs).
  await page.addInitScript(() => {
    const scope = globalThis as unknown as { Notification: new (title: string, options?: { body?: string }) => object; __notes: { title: string; body?: string }[] };
    scope.__notes = [];
    scope.Notification = new Proxy(scope.Notification, {
      construct(target, args: [string, { body?: string }?]) {
        scope.__notes.push({ title: args[0], body: args[1]?.body });
        return new target(...args);
      },
    });
  });
  await openGas(app, page);
  const current = Number(await page.getByTestId('max-fee-medium').getAttribute('data-exact'));
  const form = page.locator('form.gas-alert-form');
  for (const [direction, threshold] of [
    ['above', (current * 1.01).toFixed(9)],
    ['below', (current * 0.99).toFixed(9)],
  ] as const) {
    await form.getByLabel('Figure to watch').selectOption('medium');
    await form.getByLabel('Below or above').selectOption(direction);
    await form.getByLabel('Threshold in gwei').fill(threshold);
    await form.getByRole('button', { name: 'Add alert' }).click();
    await expect(page.getByRole('list', { name: 'Alerts' }).getByText(`medium max fee ${direction}`)).toBeVisible();
  }
  const fired = page.getByRole('list', { name: 'Fired alerts' }).getByRole('listitem').first();
  await expect(fired).toContainText(/medium max fee (above|below) [\d.]+ gwei/, { timeout: 180_000 });
  await expect(fired).toContainText(/[\d.]+ gwei/);
  await expect(fired).toContainText(/block #[\d,]+/);
  const notes = await page.evaluate(() => (globalThis as unknown as { __notes: { title: string; body?: string }[] }).__notes);
  expect(notes.length).toBeGreaterThanOrEqual(1);
  expect(notes[0]!.title).toMatch(/^Gas alert: medium max fee (above|below) [\d.]+ gwei$/);
  expect(notes[0]!.body).toMatch(/^Local sandbox: now [\d.,]+ gwei \(block #[\d,]+/);
});

test('bad alert thresholds are refused, each with its reason', async ({ app, page }) => {
  await openGas(app, page);
  const form = page.locator('form.gas-alert-form');
  for (const [typed, reason] of [
    ['', 'Enter a threshold in gwei, for example 2 or 0.5.'],
    ['-1', 'A threshold cannot be negative: fees are never below 0 gwei.'],
    ['1,5', 'Use a dot for decimals (0.5), not a comma.'],
    ['0', 'A threshold of 0 gwei can never be crossed downwards and is always crossed upwards: enter more than 0.'],
    ['0.0000000001', 'A gwei amount has at most nine decimals (1 wei is 0.000000001 gwei).'],
    ['lots', '"lots" is not a number of gwei: use digits and at most one dot.'],
  ] as const) {
    await form.getByLabel('Threshold in gwei').fill(typed);
    await form.getByRole('button', { name: 'Add alert' }).click();
    await expect(page.getByRole('alert').filter({ hasText: reason })).toBeVisible();
  }
  await expect(page.getByText('No alerts on this network.')).toBeVisible();

  // The poll interval is configurable, within bounds, and kept.
  const polling = page.getByRole('form', { name: 'Polling and history' });
  await polling.getByLabel('Poll every').fill('1');
  await expect(polling.getByRole('alert')).toHaveText('The poll interval in seconds is from 2 to 3,600.');
  await expect(polling.getByRole('button', { name: 'Save' })).toBeDisabled();
  await polling.getByLabel('Poll every').fill('5');
  await polling.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/polled every 5 s while this window is visible/)).toBeVisible();
  await openGas(app, page);
  await expect(page.getByRole('form', { name: 'Polling and history' }).getByLabel('Poll every')).toHaveValue('5');
});

test('a custom network without a gas API shows levels estimated locally from fee history, labelled', async ({ app, page }) => {
  // The dashboard and the forms run under the page's CSP (no eval): nothing is refused on the way.
  await page.addInitScript(() => {
    type Violation = { violatedDirective: string; blockedURI: string };
    const scope = globalThis as unknown as { __violations: string[]; document: { addEventListener(type: string, listener: (event: Violation) => void): void } };
    scope.__violations = [];
    scope.document.addEventListener('securitypolicyviolation', (event) => scope.__violations.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  const sandbox = await appSandbox(app);
  const url = new URL(app.url);
  await page.goto(`${url.origin}/settings/networks/new${url.hash}`);
  await page.getByLabel('Name').fill('Node without gas API');
  await page.getByLabel('Chain id').fill('31337');
  await page.getByLabel('JSON-RPC address').fill(`${sandbox.origin}/local/v3/`);
  await page.getByRole('button', { name: 'Add network' }).click();
  await expect(page.getByRole('main').getByText('Node without gas API').first()).toBeVisible();
  await page.getByRole('link', { name: /API keys/i }).first().click();
  await page.getByRole('button', { name: 'Add key for Node without gas API' }).click();
  await page.getByRole('textbox', { name: 'API key', exact: true }).fill(sandbox.key);
  await page.getByRole('button', { name: /save/i }).click();
  await expect(page.getByLabel(/^Key hint /).first()).toBeVisible();

  await openGas(app, page);
  await page.getByLabel('Compare with').selectOption({ label: 'Node without gas API' });
  const tile = page.getByRole('article', { name: 'Node without gas API gas' });
  await expect(tile.getByText('estimated locally from fee history')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('article', { name: 'Local sandbox gas' }).getByText('gas API')).toBeVisible();
  await tile.getByRole('button', { name: /^Node without gas API/ }).click();
  await expect(page).toHaveURL(/\/gas\?network=custom-/);
  await expect(page.getByTestId('gas-source')).toHaveText('Source: estimated locally from fee history', { timeout: 60_000 });
  await expect(page.getByText('This network has no gas API address.')).toBeVisible();
  await expect(page.getByTestId('max-fee-medium')).toHaveAttribute('data-exact', /^\d+(\.\d+)?$/);
  expect(await page.evaluate(() => (globalThis as unknown as { __violations: string[] }).__violations)).toEqual([]);
});

test('a network without an API key says so on the gas page, with the way to where the key is set', async ({ app, page }) => {
  const url = new URL(app.url);
  await page.goto(`${url.origin}/gas?network=mainnet${url.hash}`);
  const notice = page.getByRole('alert').filter({ hasText: 'No API key is set for Ethereum Mainnet' });
  await expect(notice).toBeVisible({ timeout: 60_000 });
  await notice.getByRole('link', { name: 'Set the API key' }).click();
  await expect(page).toHaveURL(/\/settings\/keys/);
  await expect(page.getByRole('heading', { name: 'API keys' })).toBeVisible();
});
