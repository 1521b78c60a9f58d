import type { Page } from '@playwright/test';
import { decodeErrorResult, getAddress, parseAbi } from 'viem';
import { nodeClient, nodeRefusal } from '../test-support/nodeClient';
import type { DevNode } from '../test-support/nodes/devNodeProcess';
import { seedDevNode, type DevNodeChain } from '../test-support/nodes/seedDevNode';
import { expect, test } from './appFixture';
import { appPath } from './chain';

/**
 * Adds a node as a custom network the way a person does (Settings → Networks → Add network: a name, its chain id,
 * its JSON-RPC address, no key), then picks it in the network switcher and waits for its latest blocks.
 */
export async function addAndPickNetwork(page: Page, appUrl: string, network: { name: string; chainId: number; url: string }): Promise<void> {
  await page.goto(appPath(appUrl, '/settings/networks/new'));
  await page.getByLabel('Name').fill(network.name);
  await page.getByLabel('Chain id').fill(String(network.chainId));
  await page.getByLabel('JSON-RPC address').fill(network.url);
  await page.getByRole('button', { name: 'Add network' }).click();
  await expect(page.getByRole('main').getByText(network.name).first()).toBeVisible();
  await page.goto(appPath(appUrl, '/explorer'));
  await page.getByLabel('Network', { exact: true }).selectOption({ label: network.name });
  await expect(page.getByText(`Latest blocks and transactions on ${network.name}, live.`)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('img', { name: /^Connected to / })).toBeVisible({ timeout: 30_000 });
}

const errors = parseAbi(['error Error(string)', 'error InsufficientBalance(uint256 requested, uint256 available)']);

/**
 * Starts a node nobody here wrote (`start` starts it) once for the file, seeds it with test-support/nodes/seedDevNode.ts
 * and stops it after the file's last journey; the journeys read the node and what the seeder made from the getter.
 */
export function seededDevNode(start: () => Promise<DevNode>): () => { node: DevNode; chain: DevNodeChain } {
  let node: DevNode | undefined;
  let chain: DevNodeChain | undefined;
  test.beforeAll(async () => {
    node = await start();
    chain = await seedDevNode(node);
  });
  test.afterAll(async () => {
    await node?.stop();
  });
  return () => {
    if (!node || !chain) throw new Error('the development node was not started (seededDevNode runs in beforeAll)');
    return { node, chain };
  };
}

/**
 * The journey of a node nobody here wrote (`seeded`: see {@link seededDevNode}): added as a custom network named
 * `name`, its failed transaction shows its custom error decoded and reproduced at its parent block, a call in the
 * playground its reason string, and the gas page levels estimated locally that wait for nothing (the node mines on
 * demand).
 */
export function explainFailuresOn(name: string, seeded: () => { node: DevNode; chain: DevNodeChain }): void {
  test(`on ${name}, a failed transaction shows its custom error, the deep revert where it began, a call its reason string, and gas levels that wait for nothing`, async ({ app, page }) => {
    // Four screens on a node started for the file, the deep revert replayed here: more than one journey's time on a busy machine.
    test.setTimeout(120_000);
    const { node, chain } = seeded();
    await addAndPickNetwork(page, app.url, { name, chainId: node.chainId, url: node.url });

    // The custom error is named by the signature database (no ABI imported): its arguments as the chain has them.
    const { args } = decodeErrorResult({ abi: errors, data: chain.failed.customError.revertData });
    await page.goto(appPath(app.url, `/explorer/tx/${chain.failed.customError.hash}`));
    const headline = new RegExp(`^Failed: InsufficientBalance\\(${args[0]}, ${args[1]}\\)$`);
    await expect(page.getByRole('heading', { name: headline })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('region', { name: headline }).getByText(/reproduced with eth_call at block \d+ \(its parent block\)/)).toBeVisible();

    // The deep revert: the node offers no call tracer, so its trace is replayed here, at the fork its header shows;
    // the headline names where the revert began, and the Trace tab marks that frame.
    const deep = chain.trace.deepRevert;
    await page.goto(appPath(app.url, `/explorer/tx/${deep.hash}`));
    // No content store there, so no metadata names the contracts: each by its address, cut as the page cuts it.
    const cut = (address: string) => `${getAddress(address).slice(0, 10)}…${getAddress(address).slice(-6)}`;
    const place = `Reverted in ${cut(chain.trace.contracts.token)}.${deep.revertingFunction}, called by ${cut(chain.trace.contracts.vault)}.pay: ${deep.errorName}(`;
    await expect(page.getByRole('heading', { level: 2, name: place, exact: false }))
      .toBeVisible({ timeout: 60_000 })
      .catch(async (error: Error) => {
        // What the summary said instead (its headline, and why the place could not be read), for whoever reads the failure.
        const summary = await page.locator('section:has(> #tx-summary)').innerText().catch(() => '(no summary)');
        throw new Error(`${error.message}\nthe summary said instead:\n${summary}`);
      });
    await page.getByRole('navigation', { name: 'Transaction sections' }).getByRole('link', { name: 'Trace' }).click();
    await expect(page.getByText(/^Replayed in Blockglass/).first()).toBeVisible({ timeout: 60_000 });
    await expect(page.locator('[role=treegrid] [aria-current=location]')).toContainText('revert began here');
    await expect(page.locator('[role=treegrid] [aria-current=location]')).toContainText(`${cut(chain.trace.contracts.token)}.${deep.revertingFunction}(`);

    const reason = String(decodeErrorResult({ abi: errors, data: chain.failed.reasonString.revertData }).args[0]);
    await page.goto(appPath(app.url, `/call?to=${chain.contracts.reverter}&data=${chain.failed.reasonString.data}&from=${chain.accounts.sender}`));
    await page.getByRole('button', { name: 'Run eth_call' }).click();
    await expect(page.getByRole('heading', { name: `Reverted ${reason}` })).toBeVisible({ timeout: 30_000 });

    // Gas: no gas API there, so levels estimated locally; the node mines on demand, so no level waits.
    await page.goto(appPath(app.url, '/gas'));
    await expect(page.getByTestId('gas-source')).toHaveText('Source: estimated locally from fee history', { timeout: 30_000 });
    await expect(page.getByTestId('block-cadence')).toHaveText(/mines a block when a transaction arrives \(automine\)/);
    await expect(page.getByRole('article', { name: 'Medium level' }).getByText('none: mined on demand')).toBeVisible();
    // The blob base fee as the node answers eth_blobBaseFee now; a node without the method has none, said in words.
    const blobFee = await blobBaseFeeOf(node.url);
    await expect(page.getByRole('region', { name: 'Base fee' })).toContainText(blobFee !== undefined ? `(${blobFee.toLocaleString('en-US')} wei)` : 'Not offered by this network');
  });
}

/** eth_blobBaseFee straight from the node (not through the app), or undefined when the node refuses the method. */
async function blobBaseFeeOf(url: string): Promise<bigint | undefined> {
  try {
    return await nodeClient(url).getBlobBaseFee();
  } catch (error) {
    if (nodeRefusal(error)) return undefined;
    throw error;
  }
}
