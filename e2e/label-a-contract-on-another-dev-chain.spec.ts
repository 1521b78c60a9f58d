import { nodeTestClient } from '../test-support/nodeClient';
import { startHardhatNode } from '../test-support/nodes/startHardhatNode';
import { appPath, seededManifest } from './chain';
import { expect, test } from './appFixture';

// A developer with a Hardhat node of their own (chain id 31337, as Anvil's and the sandbox's) labels an
// address there "Box". The sandbox's token at the same address is another contract on another chain: it is not
// called "Box" on Local, and its imported ABIs are not the dev node's (data is kept by chain: chain id and genesis).

test('a label given on a Hardhat node (chain id 31337 too) never names the sandbox’s contract at that address', async ({ app, page }) => {
  const node = await startHardhatNode();
  try {
    const token = seededManifest().contracts.tokens[0]!.address;
    const url = new URL(app.url);
    await page.goto(`${url.origin}/settings/networks/new${url.hash}`);
    await page.getByLabel('Name').fill('Hardhat node');
    await page.getByLabel('Chain id').fill('31337');
    await page.getByLabel('JSON-RPC address').fill(node.url);
    await page.getByRole('button', { name: 'Add network' }).click();
    await expect(page.getByRole('main').getByText('Hardhat node').first()).toBeVisible();
    await page.getByLabel('Network', { exact: true }).selectOption({ label: 'Hardhat node' });

    // On the Hardhat node a contract of the person's own lives at the token's address (put there as a deploy would):
    // they name it and give it an ABI.
    await nodeTestClient(node.url, 'hardhat').setCode({ address: token as `0x${string}`, bytecode: '0x6000' });
    await page.goto(appPath(app.url, `/explorer/address/${token}`));
    const form = page.getByRole('region', { name: 'Import an ABI' });
    await expect(form).toBeVisible({ timeout: 30_000 });
    await form.getByLabel('ABI').fill('function boxed() view returns (uint256)');
    await form.getByLabel('Label for this address (optional)').fill('Box');
    await form.getByRole('button', { name: 'Import' }).click();
    await expect(page.getByRole('region', { name: 'Imported ABI' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contractholds codeBox');

    // On Local the same address is the sandbox's token: no "Box" and no imported ABI.
    await page.getByLabel('Network', { exact: true }).selectOption({ label: 'Local sandbox' });
    await page.goto(appPath(app.url, `/explorer/address/${token}`));
    // It goes by the name in its own metadata (read from the sandbox's content store), never by the dev node's label.
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading.locator('[data-name-source="metadata"]')).toBeVisible({ timeout: 30_000 });
    await expect(heading).toHaveText(/^Contractholds code\w+$/);
    await expect(heading).not.toContainText('Box');
    await expect(page.getByRole('region', { name: 'Import an ABI' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Imported ABI' })).toHaveCount(0);
  } finally {
    await node.stop();
  }
});
