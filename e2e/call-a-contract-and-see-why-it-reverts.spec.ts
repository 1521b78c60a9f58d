import { decodeAbiParameters, decodeErrorResult, encodeFunctionData, parseAbi } from 'viem';
import { appPath, readChain, revertDataFromChain, seededManifest } from './chain';
import { tokenUnitsText } from './amountText';
import { expect, test } from './appFixture';

// A developer reads a token balance in the call playground, then calls each reverting function of the
// sandbox's Reverter and sees the reason decoded; a call from the history runs again in one click.

const erc20 = parseAbi(['function balanceOf(address account) view returns (uint256)']);
const errors = parseAbi(['error Error(string)', 'error Panic(uint256)', 'error InsufficientBalance(uint256 requested, uint256 available)']);

/** What the chain answers for a call now, straight from the sandbox. */
function revertData(to: string, data: string): Promise<`0x${string}`> {
  return revertDataFromChain({ from: seededManifest().accounts.deployer.address, to, data });
}

test('read a token balance, decoded by name and type', async ({ app, page }) => {
  const manifest = seededManifest();
  const token = manifest.contracts.tokens[0]!.address;
  const owner = manifest.accounts.deployer.address as `0x${string}`;
  const data = encodeFunctionData({ abi: erc20, args: [owner] });
  const balance = decodeAbiParameters([{ type: 'uint256' }], await readChain<`0x${string}`>('eth_call', [{ from: owner, to: token, data }, 'latest']))[0];
  await page.goto(appPath(app.url, `/call?to=${token}&data=${data}&from=${owner}`));
  // The link's calldata is read back into the form through the token's own metadata.
  await expect(page.getByLabel('Function')).toHaveValue('balanceOf(address)', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Run eth_call' }).click();
  const result = page.getByRole('region', { name: /Result/ });
  // In the token's units (its decimals and symbol), rounded for reading; the raw integer is the button's title.
  const { decimals, symbol } = manifest.contracts.tokens[0]!;
  const row = result.getByRole('row', { name: new RegExp(`uint256 ${tokenUnitsText(balance, decimals, symbol).replace(/[.]/g, '\\.')}$`) });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row.getByRole('button')).toHaveAttribute('title', `${balance.toString(10)} (raw units)`);
});

test("each of the Reverter's reverts shows its decoded reason, and a call runs again from the history", async ({ app, page }) => {
  const { contracts, reverts } = seededManifest();
  for (const [kind, expected] of [
    ['reasonString', async (data: `0x${string}`) => String(decodeErrorResult({ abi: errors, data }).args[0])],
    ['customError', async (data: `0x${string}`) => {
      const { args } = decodeErrorResult({ abi: errors, data });
      return `InsufficientBalance(requested: ${args[0]}, available: ${args[1]})`;
    }],
    ['panicOverflow', async (data: `0x${string}`) => `Panic 0x${(decodeErrorResult({ abi: errors, data }).args[0] as bigint).toString(16).padStart(2, '0')}: arithmetic overflow or underflow`],
    ['panicDivisionByZero', async (data: `0x${string}`) => `Panic 0x${(decodeErrorResult({ abi: errors, data }).args[0] as bigint).toString(16).padStart(2, '0')}: division or modulo by zero`],
  ] as const) {
    const calldata = reverts[kind].data;
    const reason = await expected(await revertData(contracts.reverter, calldata));
    await page.goto(appPath(app.url, `/call?to=${contracts.reverter}&data=${calldata}`));
    await page.getByRole('button', { name: 'Run eth_call' }).click();
    await expect(page.getByRole('heading', { name: `Reverted ${reason}` })).toBeVisible({ timeout: 30_000 });
  }
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByRole('listitem')).toHaveCount(4, { timeout: 10_000 });
  // The oldest (the reason string) again, from the history.
  await history.getByRole('listitem').last().getByRole('button', { name: 'Re-run' }).click();
  const reason = String(decodeErrorResult({ abi: errors, data: await revertData(contracts.reverter, reverts.reasonString.data) }).args[0]);
  await expect(page.getByRole('heading', { name: `Reverted ${reason}` })).toBeVisible({ timeout: 30_000 });
  await expect(history.getByRole('listitem')).toHaveCount(5);
});

test('a contract opened from the explorer comes to the playground with its ABI loaded', async ({ app, page }) => {
  const { contracts } = seededManifest();
  await page.goto(appPath(app.url, `/explorer/address/${contracts.reverter}`));
  await page.getByRole('link', { name: 'Call this contract' }).click();
  await expect(page.getByLabel('Contract address (to)')).toHaveValue(contracts.reverter);
  await expect(page.getByText(/ABI from the contract's metadata/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('Function').getByRole('option', { name: /^withdraw\(uint256\)/ })).toHaveCount(1);
});
