import { decodeErrorResult, parseAbi } from 'viem';
import type { DevNode } from '../test-support/nodes/devNodeProcess';
import { seedDevNode, type DevNodeChain } from '../test-support/nodes/seedDevNode';
import { startHardhatNode } from '../test-support/nodes/startHardhatNode';
import { expect, test } from './appFixture';
import { appPath } from './chain';
import { addAndPickNetwork } from './devNodes';

// A support engineer points the app at a Hardhat node (npm `hardhat`, its EDR engine) as a custom network, opens a
// failed transaction and sees its custom error decoded, reproduced at its parent block; then a developer calls
// the contract in the playground and sees the reason string. Hardhat answers a revert with -32603 and the bytes
// in error.data.data, not geth's 3 and error.data.

let node: DevNode;
let chain: DevNodeChain;
test.beforeAll(async () => {
  node = await startHardhatNode();
  chain = await seedDevNode(node);
});
test.afterAll(async () => {
  await node?.stop();
});

const errors = parseAbi(['error Error(string)', 'error InsufficientBalance(uint256 requested, uint256 available)']);

test('on a Hardhat node, a failed transaction shows its custom error and a call its reason string', async ({ app, page }) => {
  await addAndPickNetwork(page, app.url, { name: 'Hardhat node', chainId: node.chainId, url: node.url });

  // The custom error is named by the signature database (no ABI imported): its arguments as the chain has them.
  const { args } = decodeErrorResult({ abi: errors, data: chain.failed.customError.revertData });
  await page.goto(appPath(app.url, `/explorer/tx/${chain.failed.customError.hash}`));
  const headline = new RegExp(`^Failed: InsufficientBalance\\(\\w+: ${args[0]}, \\w+: ${args[1]}\\)$`);
  await expect(page.getByRole('heading', { name: headline })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: headline }).getByText(/reproduced with eth_call at block \d+ \(its parent block\)/)).toBeVisible();

  const reason = String(decodeErrorResult({ abi: errors, data: chain.failed.reasonString.revertData }).args[0]);
  await page.goto(appPath(app.url, `/call?to=${chain.contracts.reverter}&data=${chain.failed.reasonString.data}&from=${chain.accounts.sender}`));
  await page.getByRole('button', { name: 'Run eth_call' }).click();
  await expect(page.getByRole('heading', { name: `Reverted ${reason}` })).toBeVisible({ timeout: 30_000 });
});
