import { nodeClient } from '../test-support/nodeClient';
import { HARDHAT_CHAIN_ID, startHardhatNode } from '../test-support/nodes/startHardhatNode';
import { expect, test } from './appFixture';
import { addAndPickNetwork } from './devNodes';

// A developer's node is down (stopped, or not started yet, as the Local sandbox is while the app starts): the
// explorer's home shows the blocks it last saw at once, from this machine, and says so; it does not sit empty.

test('the home says when its node stopped answering, and shows the blocks it last saw, labelled as saved on this machine, while the node does not answer', async ({ app, page }) => {
  const node = await startHardhatNode();
  let running = true;
  try {
    const client = nodeClient(node.url);
    await client.request({ method: 'hardhat_mine', params: ['0x6'] });
    const head = Number(await client.getBlockNumber());
    await addAndPickNetwork(page, app.url, { name: 'Hardhat node', chainId: HARDHAT_CHAIN_ID, url: node.url });

    // Live: the node's head first, no note.
    const blocks = page.locator('[aria-labelledby=latest-blocks] li');
    await expect(blocks.first()).toContainText(`Block ${head}`, { timeout: 30_000 });
    const note = page.getByRole('status').filter({ hasText: 'Saved on this machine' });
    await expect(note).toHaveCount(0);
    const shown = await blocks.allInnerTexts();

    // The node goes away: the open page says so itself (not only the header's dot), over the blocks it last saw.
    await node.stop();
    running = false;
    await expect(page.getByRole('status').filter({ hasText: 'Hardhat node stopped answering' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Latest blocks and transactions on Hardhat node, as last seen.')).toBeVisible();
    await expect(blocks.first()).toContainText(`Block ${head}`);

    // The page is opened again.
    await page.reload();
    await expect(note).toBeVisible({ timeout: 30_000 });
    await expect(note).toContainText('Hardhat node has not answered yet');
    await expect(blocks.first()).toContainText(`Block ${head}`);
    expect((await blocks.allInnerTexts()).map((text) => /Block \d+/.exec(text)![0])).toEqual(shown.map((text) => /Block \d+/.exec(text)![0]));
    await expect(page.getByRole('region', { name: 'Chain at a glance' }).or(page.getByLabel('Chain at a glance'))).toContainText(String(head));
  } finally {
    if (running) await node.stop();
  }
});
