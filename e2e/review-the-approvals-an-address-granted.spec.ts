import { tokenUnitsText } from './amountText';
import { nodeClient } from '../test-support/nodeClient';
import { expect, test, type RunningApp } from './appFixture';
import { appSandbox } from './appSandbox';
import { appPath, seededManifest } from './chain';

type ReadChain = <T>(method: string, params: unknown[]) => Promise<T>;

/**
 * Reads the app's own sandbox: the block the page names is past the seed, where each sandbox's live traffic is its
 * own (the shared e2e sandbox may not even have that block yet).
 */
async function appChain(app: RunningApp): Promise<ReadChain> {
  const sandbox = await appSandbox(app);
  const node = nodeClient(`${sandbox.origin}/local/v3/${sandbox.key}`);
  return async <T>(method: string, params: unknown[]) => (await node.request({ method, params } as never)) as T;
}

// "Which contracts can still spend my tokens?": from the address alone, every approval it granted, as it stands now,
// found on the node (eth_getLogs of Approval and ApprovalForAll with the owner's topic, then allowance()), no indexer.

const APPROVAL = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925';
const APPROVAL_FOR_ALL = '0x17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31';

interface Log {
  address: string;
  topics: string[];
  data: string;
  blockNumber: string;
  logIndex: string;
  transactionHash: string;
}

/** The owner's latest approval of each (token, spender), as the node's own logs say, up to `block`. */
async function approvalsOnChain(readChain: ReadChain, owner: string, block: string): Promise<Map<string, Log>> {
  const me = `0x${owner.slice(2).toLowerCase().padStart(64, '0')}`;
  const latest = new Map<string, Log>();
  const order = (log: Log) => BigInt(log.blockNumber) * 100_000n + BigInt(log.logIndex);
  for (const topic of [APPROVAL, APPROVAL_FOR_ALL]) {
    const logs = await readChain<Log[]>('eth_getLogs', [{ topics: [topic, me], fromBlock: '0x0', toBlock: block }]);
    for (const log of logs) {
      const key = `${log.address.toLowerCase()}:${log.topics[2]!.slice(26)}`;
      const seen = latest.get(key);
      if (!seen || order(seen) < order(log)) latest.set(key, log);
    }
  }
  return latest;
}

test("an address's Approvals tab lists every spender it approved, the allowance now as allowance() says, unlimited marked, when and in which transaction", async ({ readOnlyApp: app, page }) => {
  test.setTimeout(60_000);
  const manifest = seededManifest();
  const trader = manifest.accounts.traders[1]!.address;
  const readChain = await appChain(app);

  await page.goto(appPath(app.url, `/explorer/address/${trader}`));
  await page.getByRole('navigation', { name: 'Address sections' }).getByRole('link', { name: 'Approvals' }).click();
  await expect(page).toHaveURL(/\?tab=approvals/);
  const section = page.getByRole('region', { name: /Approvals/ });
  const heading = section.getByRole('heading', { name: /at block/ });
  await expect(heading).toBeVisible({ timeout: 45_000 });
  const block = `0x${BigInt((await heading.textContent())!.match(/at block ([\d,]+)/)![1]!.replace(/,/g, '')).toString(16)}`;
  const expected = await approvalsOnChain(readChain, trader, block);
  expect(expected.size).toBeGreaterThanOrEqual(4);

  const grid = section.getByRole('grid', { name: 'approvals' });
  await expect(grid).toHaveAttribute('aria-rowcount', String(expected.size + 1));
  for (const header of ['Token', 'Spender', 'Allowance now', 'Approved', 'When granted', 'Transaction']) {
    await expect(grid.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }

  let unlimited = 0;
  let limited = 0;
  for (const [key, log] of expected) {
    const [token, spenderTail] = key.split(':') as [string, string];
    const spender = `0x${spenderTail}`;
    const row = grid.getByRole('row').filter({ has: page.locator(`a[href="/explorer/tx/${log.transactionHash}"]`) });
    await expect(row, key).toHaveCount(1);
    const answer = await readChain<string>('eth_call', [{ to: token, data: `0xdd62ed3e${trader.slice(2).toLowerCase().padStart(64, '0')}${spender.slice(2).padStart(64, '0')}` }, block]);
    const allowance = BigInt(answer);
    const cell = row.getByRole('gridcell').nth(2);
    if (allowance >= 2n ** 255n) {
      await expect(cell).toHaveText('Unlimited');
      unlimited += 1;
    } else {
      const facts = manifest.contracts.tokens.find((entry) => entry.address.toLowerCase() === token)!;
      await expect(cell).toHaveText(tokenUnitsText(allowance, facts.decimals, facts.symbol));
      limited += 1;
    }
    // When granted: the time of the latest approval's block, as the node gives it.
    const { timestamp } = await readChain<{ timestamp: string }>('eth_getBlockByNumber', [log.blockNumber, false]);
    await expect(row.getByRole('time')).toHaveAttribute('datetime', new Date(Number(BigInt(timestamp)) * 1000).toISOString());
  }
  expect(unlimited).toBeGreaterThanOrEqual(3); // the Uniswap router, for each of its three tokens
  expect(limited).toBeGreaterThan(0);

  // A row opens the transaction that granted it.
  const first = [...expected.values()][0]!;
  await grid.locator(`a[href="/explorer/tx/${first.transactionHash}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/explorer/tx/${first.transactionHash}`));
});
