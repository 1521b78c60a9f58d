import { decodeErrorResult, parseAbi } from 'viem';
import { appPath, readChain, revertDataFromChain, seededManifest } from './chain';
import { expect, test } from './appFixture';

// A support engineer opens a failed transaction and sees why it failed: the revert reproduced at its
// parent block, decoded, in plain words first.

/** The revert reason the chain gives now for the failed transaction, replayed at its parent block. */
async function reasonFromChain(hash: string): Promise<string> {
  const tx = await readChain<{ from: string; to: string; input: string; value: string; gas: string; blockNumber: string }>('eth_getTransactionByHash', [hash]);
  const data = await revertDataFromChain({ from: tx.from, to: tx.to, data: tx.input, value: tx.value, gas: tx.gas }, `0x${(BigInt(tx.blockNumber) - 1n).toString(16)}`);
  const { args } = decodeErrorResult({ abi: parseAbi(['error Error(string)']), data });
  return args[0];
}

test('a failed transaction shows its reason, reproduced at its parent block', async ({ readOnlyApp: app, page }) => {
  const hash = seededManifest().transactions.failed;
  const reason = await reasonFromChain(hash);
  await page.goto(appPath(app.url, `/explorer/tx/${hash}`));
  await expect(page.getByRole('heading', { name: `Failed: ${reason}` })).toBeVisible({ timeout: 30_000 });
  const summary = page.getByRole('region', { name: `Failed: ${reason}` });
  await expect(summary.getByText(/reproduced with eth_call at block \d+ \(its parent block\)/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Overview' }).getByText('Failed', { exact: true })).toBeVisible();
});
