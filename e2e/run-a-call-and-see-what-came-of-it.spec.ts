import { decodeAbiParameters, decodeErrorResult, encodeFunctionData, parseAbi } from 'viem';
import type { Page } from '@playwright/test';
import { appPath, readChain, revertDataFromChain, seededManifest } from './chain';
import { tokenUnitsText } from './amountText';
import { expect, test } from './appFixture';

// A developer runs a call from the bottom of the playground's long form and sees what came of it where they
// are looking, in a wide window and a narrow one; reads a custom error without a generic message beside it,
// each signature's source said in words; and finds in the history what each call returned or why it reverted.

const erc20 = parseAbi(['function balanceOf(address account) view returns (uint256)']);
const errors = parseAbi(['error InsufficientBalance(uint256 requested, uint256 available)']);

/** The token balance the sandbox holds for the deployer, read straight from the chain, and the link that reads it. */
async function balanceCall(appUrl: string) {
  const { contracts, accounts } = seededManifest();
  const token = contracts.tokens[0]!.address;
  const owner = accounts.deployer.address as `0x${string}`;
  const data = encodeFunctionData({ abi: erc20, args: [owner] });
  const balance = decodeAbiParameters([{ type: 'uint256' }], await readChain<`0x${string}`>('eth_call', [{ from: owner, to: token, data }, 'latest']))[0];
  // balanceOf of a token comes in its units (its decimals and symbol), the raw integer a click away.
  const { decimals, symbol } = contracts.tokens[0]!;
  const text = tokenUnitsText(balance, decimals, symbol);
  return { link: appPath(appUrl, `/call?to=${token}&data=${data}&from=${owner}`), balance: text.replace(/[.]/g, '\\.'), balanceText: text };
}

/** The Reverter's custom error as the chain answers it, in the words the page uses, and the link that runs it. */
async function customErrorCall(appUrl: string) {
  const { contracts, reverts, accounts } = seededManifest();
  const call = { from: accounts.deployer.address, to: contracts.reverter, data: reverts.customError.data };
  const { args } = decodeErrorResult({ abi: errors, data: await revertDataFromChain(call) });
  return { link: appPath(appUrl, `/call?to=${contracts.reverter}&data=${reverts.customError.data}`), reason: `InsufficientBalance(requested: ${args[0]}, available: ${args[1]})` };
}

/** Opens a call's link, waits for the form to know the contract's ABI, and runs it from the bottom of the form. */
async function openAndRun(page: Page, link: string) {
  await page.goto(link);
  await expect(page.getByText(/^ABI from /)).toBeVisible({ timeout: 30_000 });
  const run = page.getByRole('button', { name: 'Run eth_call' });
  await run.scrollIntoViewIfNeeded();
  await run.click();
}

for (const [window, size] of [
  ['a wide window', { width: 1280, height: 900 }],
  ['a narrow window', { width: 800, height: 900 }],
] as const) {
  test(`in ${window}, what a call came to is in view and focused as soon as it comes`, async ({ app, page }) => {
    await page.setViewportSize(size);
    const read = await balanceCall(app.url);
    await openAndRun(page, read.link);
    const returned = page.getByRole('region', { name: 'Returned Result' });
    await expect(returned.getByRole('row', { name: new RegExp(`uint256 ${read.balance}$`) })).toBeVisible({ timeout: 30_000 });
    await expect(returned).toBeFocused();
    await expect(returned.getByRole('heading', { name: 'Returned Result' })).toBeInViewport();

    const custom = await customErrorCall(app.url);
    await openAndRun(page, custom.link);
    const reverted = page.getByRole('region', { name: /^Reverted InsufficientBalance/ });
    await expect(reverted).toBeFocused({ timeout: 30_000 });
    await expect(reverted.getByRole('heading', { level: 2 })).toBeInViewport();

    // Wide: beside the form (the form's Run button and the outcome in view together). Narrow: under it.
    // Both boxes read in one frame: the outcome's scroll into view may still be moving the page between two reads.
    type Box = { x: number; y: number; width: number; height: number };
    const [form, outcome] = await page.evaluate<[Box, Box]>(`[document.querySelector('form[aria-label="Call"]'), document.activeElement]
      .map((element) => element.getBoundingClientRect().toJSON())`);
    if (size.width >= 1280) {
      expect(outcome.x).toBeGreaterThan(form.x + form.width);
      await expect(page.getByRole('button', { name: 'Run eth_call' })).toBeInViewport();
    } else {
      expect(outcome.y).toBeGreaterThan(form.y + form.height);
    }
  });
}

test('a decoded revert has no generic message beside it, and each signature says where it came from in words', async ({ app, page }) => {
  const custom = await customErrorCall(app.url);
  await openAndRun(page, custom.link);
  const reverted = page.getByRole('region', { name: `Reverted ${custom.reason}` });
  await expect(reverted).toBeVisible({ timeout: 30_000 });
  await expect(reverted.getByText("from the contract's metadata", { exact: true })).toHaveCount(1);
  await reverted.getByText('Details: the node’s answer').click();
  await expect(reverted.getByLabel("The node's answer")).toBeVisible();
  await expect(reverted).not.toContainText(/without a reason string|unrecognized custom error|revert data is attached|custom error 0x/i);

  // A reason string, Error(string): Solidity's own error, said so.
  const { contracts, reverts } = seededManifest();
  await openAndRun(page, appPath(app.url, `/call?to=${contracts.reverter}&data=${reverts.reasonString.data}`));
  const reason = page.getByRole('region', { name: /^Reverted / });
  await expect(reason.getByText("from Solidity's built-in errors", { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('main')).not.toContainText(/built in(?!-)/);
});

test('the history shows what each call returned, or why it reverted', async ({ app, page }) => {
  const read = await balanceCall(app.url);
  await openAndRun(page, read.link);
  await expect(page.getByRole('region', { name: 'Returned Result' })).toBeVisible({ timeout: 30_000 });
  const custom = await customErrorCall(app.url);
  await openAndRun(page, custom.link);
  await expect(page.getByRole('region', { name: /^Reverted / })).toBeVisible({ timeout: 30_000 });

  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(history.getByRole('listitem').first()).toContainText(`reverted: ${custom.reason}`);
  await expect(history.getByRole('listitem').last()).toContainText(`→ ${read.balanceText} (uint256)`);
  // Kept by the app: the same after a reload.
  await page.reload();
  await expect(history.getByRole('listitem').last()).toContainText(`→ ${read.balanceText} (uint256)`, { timeout: 30_000 });
});
