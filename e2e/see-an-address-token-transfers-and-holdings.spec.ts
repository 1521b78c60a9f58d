import fs from 'node:fs';
import { decodeAbiParameters, type Hex } from 'viem';
import { expect, test } from './appFixture';
import { tokenUnitsText } from './amountText';
import { appPath, readChain, seededManifest } from './chain';

// "My wallet never got the tokens": from the address alone, every token transfer it took part in, and what it holds
// now — found on the node with eth_getLogs and balanceOf, no indexer.

const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const SINGLE = '0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62';
const BATCH = '0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb';

/** The address's token transfers as the chain has them, read straight from the sandbox: one per log, one per id of a batch. */
async function transfersOnChain(address: string): Promise<number> {
  const me = `0x${address.slice(2).toLowerCase().padStart(64, '0')}`;
  const filters = [[TRANSFER, me], [TRANSFER, null, me], [[SINGLE, BATCH], null, me], [[SINGLE, BATCH], null, null, me]];
  const seen = new Map<string, number>();
  for (const topics of filters) {
    const logs = await readChain<{ transactionHash: string; logIndex: string; topics: string[]; data: Hex }[]>('eth_getLogs', [{ topics, fromBlock: '0x0', toBlock: 'latest' }]);
    for (const log of logs) {
      const rows = log.topics[0] === BATCH ? decodeAbiParameters([{ type: 'uint256[]' }, { type: 'uint256[]' }], log.data)[0].length : 1;
      seen.set(`${log.transactionHash}:${log.logIndex}`, rows);
    }
  }
  return [...seen.values()].reduce((sum, rows) => sum + rows, 0);
}

test("an address's Token transfers tab lists as many as the chain holds, and Holdings shows balanceOf now", async ({ readOnlyApp: app, page }) => {
  test.setTimeout(90_000);
  const manifest = seededManifest();
  const trader = manifest.accounts.traders[0]!.address;
  const expected = await transfersOnChain(trader);
  expect(expected).toBeGreaterThan(0);

  await page.goto(appPath(app.url, `/explorer/address/${trader}?tab=transfers`));
  const transfers = page.getByRole('region', { name: /Token transfers/ });
  await expect(transfers.getByRole('heading', { name: new RegExp(`${expected.toLocaleString('en-US')} in all`) })).toBeVisible({ timeout: 60_000 });
  await expect(transfers.getByRole('grid', { name: 'token transfers' })).toHaveAttribute('aria-rowcount', String(expected + 1));

  // The whole list as CSV: a header line and one line per transfer.
  const downloading = page.waitForEvent('download');
  await transfers.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  const text = fs.readFileSync((await download.path())!, 'utf8').trim().split('\n');
  expect(text[0]).toBe('block,time,transaction,log_index,direction,standard,token,symbol,decimals,from,to,amount,token_id');
  expect(text).toHaveLength(expected + 1);
  // Each line's time is its block's, as the node's header gives it (ISO 8601, UTC): the first and the last checked.
  for (const line of [text[1]!, text.at(-1)!]) {
    const [number, time] = line.split(',');
    const { timestamp } = await readChain<{ timestamp: string }>('eth_getBlockByNumber', [`0x${BigInt(number!).toString(16)}`, false]);
    expect(time).toBe(new Date(Number(BigInt(timestamp)) * 1000).toISOString());
  }
  // The table says when too, and each amount is in its token's units with the symbol.
  const grid = transfers.getByRole('grid', { name: 'token transfers' });
  await expect(grid.getByRole('columnheader', { name: 'Time' })).toBeVisible();
  await expect(grid.getByRole('row').nth(1).locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
  await expect(transfers.getByRole('status').filter({ hasText: 'Downloading' })).toContainText(`${expected.toLocaleString('en-US')} transfers`);

  // Only what it received: the direction filter.
  await transfers.getByLabel('Direction').selectOption({ label: 'Received' });
  const rows = transfers.getByRole('grid', { name: 'token transfers' }).getByRole('row');
  await expect(rows.nth(1)).toContainText(/in|self/);

  // Holdings: each seeded token's balance now, as balanceOf says at the block the page names.
  await page.getByRole('navigation', { name: 'Address sections' }).getByRole('link', { name: 'Holdings' }).click();
  await expect(page).toHaveURL(/\?tab=holdings/);
  const holdings = page.getByRole('region', { name: /Holdings/ });
  const heading = holdings.getByRole('heading', { name: /at block/ });
  await expect(heading).toBeVisible({ timeout: 60_000 });
  const block = `0x${BigInt((await heading.textContent())!.match(/at block ([\d,]+)/)![1]!.replace(/,/g, '')).toString(16)}`;
  let checked = 0;
  for (const token of manifest.contracts.tokens) {
    const answer = await readChain<string>('eth_call', [{ to: token.address, data: `0x70a08231${trader.slice(2).toLowerCase().padStart(64, '0')}` }, block]);
    const balance = BigInt(answer);
    const row = holdings.getByRole('row').filter({ has: page.getByRole('link', { name: token.symbol }) });
    if ((await row.count()) === 0) continue; // a token it never received is not listed
    // In its units, rounded for reading, and the symbol.
    await expect(row.getByRole('gridcell').nth(2)).toHaveText(tokenUnitsText(balance, token.decimals, token.symbol));
    checked += 1;
  }
  expect(checked).toBeGreaterThan(0);
});

test("an address's Balance over time tab charts its ETH balance and names the transaction behind each change", async ({ readOnlyApp: app, page }) => {
  test.setTimeout(60_000);
  const trader = seededManifest().accounts.traders[1]!.address;
  await page.goto(appPath(app.url, `/explorer/address/${trader}?tab=balance`));
  const section = page.getByRole('region', { name: /Balance over time/ });
  const grid = section.getByRole('grid', { name: 'balance changes' });
  await expect(grid).toBeVisible({ timeout: 30_000 });
  await expect(section.getByRole('img', { name: 'ETH balance by block' })).toBeVisible();
  // The newest change: its balance after is the chain's at that block, and a transaction of the trader moved it.
  const newest = grid.getByRole('row').nth(1);
  const block = `0x${BigInt((await newest.getByRole('gridcell').first().textContent())!.replace(/,/g, '')).toString(16)}`;
  const after = BigInt(await readChain<string>('eth_getBalance', [trader, block]));
  const before = BigInt(await readChain<string>('eth_getBalance', [trader, `0x${(BigInt(block) - 1n).toString(16)}`]));
  expect(after).not.toBe(before);
  const hash = await newest.getByRole('link').nth(1).getAttribute('title');
  const tx = await readChain<{ from: string; to: string | null; blockNumber: string }>('eth_getTransactionByHash', [hash]);
  expect(tx.blockNumber).toBe(block);
  expect([tx.from.toLowerCase(), tx.to?.toLowerCase()]).toContain(trader.toLowerCase());
});
