import type { Locator } from '@playwright/test';
import type { SeedManifest } from '../src-sandbox/chain/manifest';
import { nodeClient } from '../test-support/nodeClient';
import { expect, test, type RunningApp } from './appFixture';
import { seriousViolations } from './accessibilityChecker';
import { appSandbox } from './appSandbox';
import { appPath, seededManifest } from './chain';

// "Who has been calling this contract?": from the contract's page alone, its Transactions tab lists the transactions
// that called it or changed its state, with a count, found on the node without an indexer (bisection on eth_getProof,
// then the blocks' transactions). An account's tab shows what came in beside what it sent.

type ReadChain = <T>(method: string, params: unknown[]) => Promise<T>;

/** Reads the app's own sandbox: the block the page names is past the seed, where each sandbox's traffic is its own. */
async function appChain(app: RunningApp): Promise<ReadChain> {
  const sandbox = await appSandbox(app);
  const node = nodeClient(`${sandbox.origin}/local/v3/${sandbox.key}`);
  return async <T>(method: string, params: unknown[]) => (await node.request({ method, params } as never)) as T;
}

const hex = (block: bigint) => `0x${block.toString(16)}`;

/** The heading's "N in all (up to block H)": N and H. */
async function countAndHead(section: Locator): Promise<{ count: number; head: bigint }> {
  const heading = section.getByRole('heading', { name: /in all \(up to block/ });
  await expect(heading).toBeVisible({ timeout: 60_000 });
  const [, count, head] = /([\d,]+) in all \(up to block ([\d,]+)\)/.exec((await heading.textContent())!)!;
  return { count: Number(count!.replace(/,/g, '')), head: BigInt(head!.replace(/,/g, '')) };
}

/** Every row of a virtual grid (scrolled through): its transaction link's hash (or null) and its "How" badge. */
async function gridRows(grid: Locator): Promise<{ hash: string | null; how: string; block: string }[]> {
  return grid.evaluate(async (element) => {
    const seen = new Map<string, { hash: string | null; how: string; block: string }>();
    element.scrollTop = 0;
    for (;;) {
      // Two frames: the virtual rows of the new scroll position are rendered.
      const frame = (globalThis as unknown as { requestAnimationFrame(callback: () => void): void }).requestAnimationFrame;
      await new Promise<void>((resolve) => frame(() => frame(resolve)));
      for (const row of element.querySelectorAll('[role="row"][aria-rowindex]')) {
        const index = row.getAttribute('aria-rowindex')!;
        if (index === '1') continue;
        const cells = row.querySelectorAll('[role="gridcell"]');
        const link = cells[0]?.querySelector('a[href^="/explorer/tx/"]');
        seen.set(index, { hash: link ? link.getAttribute('href')!.slice('/explorer/tx/'.length) : null, how: cells[2]?.textContent ?? '', block: cells[1]?.textContent ?? '' });
      }
      if (element.scrollTop + element.clientHeight >= element.scrollHeight - 1) break;
      element.scrollTop += element.clientHeight / 2;
    }
    return [...seen.values()];
  });
}

interface Proof {
  balance: string;
  nonce: string;
  storageHash: string;
  codeHash: string;
}

test("a contract's Transactions tab lists the transactions that called it or changed its state, with the count, as the node's proofs and blocks say", async ({ readOnlyApp: app, page }) => {
  test.setTimeout(150_000);
  const showcase = seededManifest().contracts.storageShowcase.toLowerCase();
  const readChain = await appChain(app);

  await page.goto(appPath(app.url, `/explorer/address/${showcase}`));
  await page.getByRole('navigation', { name: 'Address sections' }).getByRole('link', { name: 'Transactions' }).click();
  await expect(page).toHaveURL(/\?tab=transactions/);
  const section = page.getByRole('region', { name: /Transactions that called it/ });
  const { count, head } = await countAndHead(section);

  // The node's own answers up to the block the page names: where the contract's proof changed, each such block's
  // transactions sent to it, the transactions holding its logs, its deployment; a changed block with none of them
  // is one internal row.
  const stateAt = async (block: bigint) => {
    const proof = await readChain<Proof>('eth_getProof', [showcase, [], hex(block)]);
    return `${BigInt(proof.balance)}:${BigInt(proof.nonce)}:${proof.storageHash}:${proof.codeHash}`;
  };
  const logs = await readChain<{ transactionHash: string; blockNumber: string }[]>('eth_getLogs', [{ address: showcase, fromBlock: '0x0', toBlock: hex(head) }]);
  const expected = new Map<string, string>();
  for (const log of logs) expected.set(log.transactionHash, 'emitted');
  let internal = 0;
  let before = await stateAt(0n);
  for (let block = 1n; block <= head; block++) {
    const after = await stateAt(block);
    if (after !== before) {
      const full = await readChain<{ transactions: { hash: string; to: string | null }[] }>('eth_getBlockByNumber', [hex(block), true]);
      let touched = false;
      for (const tx of full.transactions) {
        if (tx.to?.toLowerCase() === showcase) {
          expected.set(tx.hash, 'called');
          touched = true;
        } else if (tx.to === null) {
          const receipt = await readChain<{ contractAddress: string | null }>('eth_getTransactionReceipt', [tx.hash]);
          if (receipt.contractAddress?.toLowerCase() === showcase) {
            expected.set(tx.hash, 'created');
            touched = true;
          }
        }
        if (expected.has(tx.hash)) touched = true;
      }
      if (!touched) internal += 1;
    }
    before = after;
  }
  expect([...expected.values()].filter((how) => how === 'called').length).toBeGreaterThan(10);
  expect(count).toBe(expected.size + internal);

  const grid = section.getByRole('grid', { name: 'transactions that called it' });
  await expect(grid).toHaveAttribute('aria-rowcount', String(count + 1));
  const rows = await gridRows(grid);
  expect(rows).toHaveLength(count);
  expect(new Map(rows.filter((row) => row.hash !== null).map((row) => [row.hash, row.how]))).toEqual(expected);

  // Read by everyone, in both themes: no serious or critical axe violation.
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await seriousViolations(page), colorScheme).toEqual([]);
  }

  // Sorted by block, newest first: back at the top of the grid (the scan above scrolled it), the first row is the
  // newest block's. The newest call opens its transaction, which the node says was sent to the contract.
  const blockOf = (row: { block: string }) => Number(row.block.replace(/,/g, ''));
  const byNewest = (a: { block: string }, b: { block: string }) => blockOf(b) - blockOf(a);
  await grid.evaluate((element) => {
    element.scrollTop = 0;
  });
  const first = grid.locator('[role="row"][aria-rowindex="2"]');
  await expect(first.getByRole('gridcell').nth(1)).toHaveText([...rows].sort(byNewest)[0]!.block);
  const newest = rows.filter((row) => row.how === 'called').sort(byNewest)[0]!;
  const tx = await readChain<{ to: string; from: string }>('eth_getTransactionByHash', [newest.hash]);
  expect(tx.to.toLowerCase()).toBe(showcase);
  await grid.locator(`a[href="/explorer/tx/${newest.hash}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/explorer/tx/${newest.hash}`));
});

test("an account's Transactions tab shows what came in beside what it sent: an internal transfer said as such, named by its transaction, with what its balance gained", async ({ readOnlyApp: app, page }) => {
  test.setTimeout(90_000);
  // The e2e manifest's type names only what most journeys read; the file holds the whole seed manifest.
  const { hash, transfers } = (seededManifest() as unknown as SeedManifest).transactions.internalTransfer;
  const payee = transfers[0]!.to;
  const readChain = await appChain(app);

  await page.goto(appPath(app.url, `/explorer/address/${payee}?tab=transactions`));
  await expect(page.getByRole('region', { name: /Transactions sent/ })).toBeVisible();
  const section = page.getByRole('region', { name: /Value received/ });
  const { count, head } = await countAndHead(section);
  const grid = section.getByRole('grid', { name: 'incoming transfers' });
  await expect(grid).toHaveAttribute('aria-rowcount', String(count + 1));

  // The splitter's payout: no transaction sent the payee anything, its balance rose in that block by what the node says.
  const receipt = await readChain<{ blockNumber: string }>('eth_getTransactionReceipt', [hash]);
  const block = BigInt(receipt.blockNumber);
  expect(block).toBeLessThanOrEqual(head);
  const [was, is] = await Promise.all([readChain<string>('eth_getBalance', [payee, hex(block - 1n)]), readChain<string>('eth_getBalance', [payee, hex(block)])]);
  const gained = BigInt(is) - BigInt(was);
  expect(gained).toBe(BigInt(transfers[0]!.value));
  // Named by its call tree (the sandbox has no debug_ method: the app replays the transaction).
  const row = grid.getByRole('row').filter({ has: page.locator(`a[href="/explorer/tx/${hash}"]`) });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('gridcell').nth(1)).toHaveText(block.toLocaleString('en-US'));
  await expect(row.getByRole('gridcell').nth(2)).toHaveText('internal');
  await expect(row.getByRole('gridcell').nth(5).getByRole('button')).toHaveAttribute('title', new RegExp(`^${gained.toLocaleString('en-US')} wei`));
});
