import { expect, test } from './appFixture';
import { ownNode } from './ownNode';

// A developer adds a node of their own that takes no key: the form reads its chain id from the node (checked
// against the node's own answer), offers "No key", and says plainly when a node does not answer.

test('adding a network reads its chain id from the node, takes no key, and says why when nothing answers', async ({ app, page }) => {
  // "A node of one's own": a plain JSON-RPC address in front of the sandbox's node, no key in it.
  const node = await ownNode();
  const nodeUrl = node.url;
  try {
    const asked = await fetch(nodeUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }) });
    const chainId = BigInt(((await asked.json()) as { result: string }).result).toString(10);

    const url = new URL(app.url);
    await page.goto(`${url.origin}/settings/networks/new${url.hash}`);
    await page.getByLabel('Name').fill('My own node');
    await page.getByLabel('API key').selectOption({ label: 'No key' });

    // Nothing answers there: why, at the chain id, which is left to be typed.
    await page.getByLabel('JSON-RPC address').fill('http://127.0.0.1:9');
    await page.getByLabel('JSON-RPC address').blur();
    await expect(page.getByText(/^The chain id could not be read from the node: Nothing answers at 127\.0\.0\.1:9/)).toBeVisible({ timeout: 20_000 });

    // The node's address: its chain id read and said so, still editable.
    await page.getByLabel('JSON-RPC address').fill(nodeUrl);
    await page.getByLabel('JSON-RPC address').blur();
    await expect(page.getByLabel('Chain id')).toHaveValue(chainId, { timeout: 20_000 });
    await expect(page.getByText('Read from the node (eth_chainId); it can still be changed.')).toBeVisible();
    await page.getByRole('button', { name: 'Add network' }).click();
    const row = page.getByRole('row', { name: /My own node/ });
    await expect(row).toBeVisible();
    await expect(row.getByText('No key', { exact: true })).toBeVisible();

    // It answers with no key at all: the explorer shows its blocks.
    await page.goto(`${url.origin}/explorer${url.hash}`);
    await page.getByLabel('Network', { exact: true }).selectOption({ label: 'My own node' });
    await expect(page.getByRole('img', { name: /^Connected to / })).toBeVisible({ timeout: 30_000 });
  } finally {
    node.close();
  }
});
