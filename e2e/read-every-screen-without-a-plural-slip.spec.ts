import type { Page } from '@playwright/test';
import { appPath, readChain, seededManifest } from './chain';
import { expect, test } from './appFixture';

// A person reads every screen, where counts of one are likely (a block of one transaction, a log query over one
// block that finds one log, a contract's page): no text says "1 blocks", "1 new logs" or "1 samples". Counts are
// written by one helper (countOf), and this journey is what notices a count written by hand again.

// "1", perhaps a word that describes the noun ("new", "hex"…), then a word ending in s that is no singular ending in
// s, a unit or an abbreviation.
const SLIP = /(?<![\w.,])1 (?:(?:new|sampled|hex|source|token|balance|contract) )?(?!(?:address|status|gas|class|process|access|bonus|plus|ms|s)\b)([a-z]+s)\b/;
const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

/** The first plural slip in the page's visible text, with what surrounds it, or undefined. */
async function slipOn(page: Page): Promise<string | undefined> {
  const text = await page.locator('body').innerText();
  const match = SLIP.exec(text);
  return match ? text.slice(Math.max(0, match.index - 40), match.index + match[0].length + 40).replace(/\s+/g, ' ') : undefined;
}

/**
 * A block of the seeded chain with exactly one transaction, found through the e2e sandbox. Only seeded blocks: each
 * app's sandbox restores the same seeded chain, but mines its own blocks after it (a live block found here may not
 * exist in the app's chain yet, or hold other transactions there).
 */
async function blockWithOneTransaction(): Promise<{ number: number; hash: string }> {
  const head = seededManifest().seededToBlock;
  for (let number = head; number > Math.max(0, head - 400); number--) {
    const block = await readChain<{ transactions: string[] }>('eth_getBlockByNumber', [`0x${number.toString(16)}`, false]);
    if (block.transactions.length === 1) return { number, hash: block.transactions[0]! };
  }
  throw new Error('no block with exactly one transaction in the last 400 blocks');
}

test('no screen says "1 blocks", "1 logs" or any count of one in the plural', async ({ readOnlyApp: app, page }) => {
  test.setTimeout(180_000);
  // The check itself catches what the issue saw, and lets the right words through.
  for (const slip of ['(1 blocks;', '1 new logs', '1 samples stored', 'shown as 1 averages', '1 hex digits']) expect(SLIP.test(slip), slip).toBe(true);
  for (const fine of ['1 block', '1 new log', '21 blocks', '1,001 logs', '1 address', '0.1 ETH', 'transaction 1 of 3', '1 ms', '1 new log', '1 contract created']) expect(SLIP.test(fine), fine).toBe(false);
  const manifest = seededManifest();
  const token = manifest.contracts.tokens[0]!;
  const single = await blockWithOneTransaction();

  const screens: { name: string; route: string; ready: (page: Page) => Promise<void> }[] = [
    { name: 'explorer home', route: '/explorer', ready: (p) => expect(p.locator('[aria-labelledby=latest-blocks] li').first()).toBeVisible({ timeout: 30_000 }) },
    { name: 'a block with one transaction', route: `/explorer/block/${single.number}`, ready: (p) => expect(p.getByText(/^1 transaction\b/).first()).toBeVisible({ timeout: 30_000 }) },
    { name: 'its transaction', route: `/explorer/tx/${single.hash}`, ready: (p) => expect(p.getByRole('heading', { name: 'Transaction', exact: true })).toBeVisible({ timeout: 30_000 }) },
    { name: 'a contract', route: `/explorer/address/${manifest.contracts.reverter}`, ready: (p) => expect(p.getByText('Nonce (contracts created)')).toBeVisible({ timeout: 30_000 }) },
    { name: 'an account', route: `/explorer/address/${manifest.accounts.deployer.address}`, ready: (p) => expect(p.getByText('Nonce (transactions sent)')).toBeVisible({ timeout: 30_000 }) },
    { name: 'the gas dashboard', route: '/gas', ready: (p) => expect(p.locator('[data-testid="max-fee-medium"]')).toBeVisible({ timeout: 30_000 }) },
    { name: 'settings', route: '/settings', ready: (p) => expect(p.locator('.settings-content th[scope=row]').first()).toBeVisible({ timeout: 30_000 }) },
  ];
  for (const screen of screens) {
    await page.goto(appPath(app.url, screen.route));
    await screen.ready(page);
    expect(await slipOn(page), screen.name).toBeUndefined();
  }

  // A log query over one block, for the token's transfers there: "1 block" before it runs, and "1 log" after when
  // the block holds one transfer of it (the seeded chain has such blocks).
  const transfers = await readChain<{ blockNumber: string }[]>('eth_getLogs', [{ address: token.address, topics: [TRANSFER], fromBlock: '0x1', toBlock: `0x${manifest.seededToBlock.toString(16)}` }]);
  const perBlock = new Map<string, number>();
  for (const log of transfers) perBlock.set(log.blockNumber, (perBlock.get(log.blockNumber) ?? 0) + 1);
  const [blockHex, found] = [...perBlock].find(([, count]) => count === 1) ?? [...perBlock][0]!;
  const transferBlock = Number.parseInt(blockHex, 16);
  await page.goto(appPath(app.url, `/logs?address=${token.address}&fromBlock=${transferBlock}&toBlock=${transferBlock}&topic0=${TRANSFER}`));
  await expect(page.getByRole('region', { name: 'Before it runs' })).toContainText('(1 block;', { timeout: 30_000 });
  expect(await slipOn(page), 'logs before it runs').toBeUndefined();
  await page.getByRole('button', { name: /^Run (query|anyway)$/ }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Done: / })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('region', { name: 'Results' })).toContainText(found === 1 ? /\b1 log(?!s)/ : new RegExp(`\\b${found} logs`));
  expect(await slipOn(page), 'logs after the run').toBeUndefined();
});
