import fs from 'node:fs';
import { appPath, countLogs, readChain, seededManifest } from './chain';
import { expect, test } from './appFixture';

// A developer builds a query by event over the log-heavy blocks: the app warns before it runs that the
// service would refuse it, runs it anyway split as the service asks, shows every log, and exports them.

test('build a query by event, see the warning, run it, and export every row as CSV', async ({ readOnlyApp: app, page }) => {
  const { contracts, logStorm } = seededManifest();
  const expected = await countLogs({ address: contracts.logStorm }, logStorm.denseFromBlock, logStorm.denseToBlock);
  expect(expected).toBeGreaterThan(10_000);

  await page.goto(appPath(app.url, '/logs'));
  await page.getByLabel('Contract addresses').fill(contracts.logStorm);
  await page.getByRole('combobox', { name: 'Event (by name)' }).fill('Tick');
  await page.getByRole('option', { name: /^Tick\(uint256 indexed blockNumber/ }).first().click();
  await expect(page.getByText('Tick(uint256,uint256,address,uint256)')).toBeVisible();
  await page.getByLabel('From block').fill(String(logStorm.denseFromBlock));
  await page.getByLabel('To block').fill(String(logStorm.denseToBlock));

  // Before it runs: the estimate is over the service's 10,000-result limit.
  await expect(page.getByRole('alert').filter({ hasText: 'returns at most 10,000 per request' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Run anyway' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Done: / })).toContainText(`${expected.toLocaleString('en-US')} logs`, { timeout: 60_000 });
  await expect(page.getByRole('grid', { name: 'logs' })).toHaveAttribute('aria-rowcount', String(expected + 1));
  // More than the service returns at once: the run asked in several requests.
  await expect(page.getByText(/^([2-9]|\d{2,}) requests · /)).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  const lines = fs.readFileSync((await download.path())!, 'utf8').trimEnd().split('\n');
  expect(lines[0]).toBe('block_number,block_time,block_hash,transaction_hash,transaction_index,log_index,address,address_label,event,signature,decoded_args,topic0,topic1,topic2,topic3,data,removed');
  expect(lines.length - 1).toBe(expected);
  // Each row's time is its block's, as the node's header gives it (ISO 8601, UTC): the first and the last checked.
  for (const line of [lines[1]!, lines.at(-1)!]) {
    const [number, time] = line.split(',');
    const { timestamp } = await readChain<{ timestamp: string }>('eth_getBlockByNumber', [`0x${BigInt(number!).toString(16)}`, false]);
    expect(time).toBe(new Date(Number(BigInt(timestamp)) * 1000).toISOString());
  }
});
