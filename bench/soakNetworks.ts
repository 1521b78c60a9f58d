import type { Page } from '@playwright/test';
import type { DevNode } from '../test-support/nodes/devNodeProcess';
import { rawJsonRpc } from '../test-support/rawJsonRpc';

// The soak's dev nodes (soak.ts): added to the app as a person adds a network, and kept mining while it reads them.

/**
 * Adds a node as a custom network as a person does (Settings → Networks → Add network: a name, its chain id, its
 * JSON-RPC address, no key), picks it in the network switcher, and waits for its latest blocks (as e2e/devNodes.ts).
 */
export async function addAndPickNetwork(page: Page, app: URL, network: { name: string; chainId: number; url: string }): Promise<void> {
  await page.goto(`${app.origin}/settings/networks/new${app.hash}`);
  await page.getByLabel('Name').fill(network.name);
  await page.getByLabel('Chain id').fill(String(network.chainId));
  await page.getByLabel('JSON-RPC address').fill(network.url);
  await page.getByRole('button', { name: 'Add network' }).click();
  await page.getByRole('main').getByText(network.name).first().waitFor({ timeout: 30_000 });
  await page.goto(`${app.origin}/explorer${app.hash}`);
  await page.getByLabel('Network', { exact: true }).selectOption({ label: network.name });
  await page.getByText(`Latest blocks and transactions on ${network.name}, live.`).waitFor({ timeout: 30_000 });
  await page.getByRole('img', { name: /^Connected to / }).waitFor({ timeout: 30_000 });
}

/**
 * Keeps a dev node mining a block every `blockSeconds`: a transfer of 1 wei each time between two of its unlocked accounts that
 * the seeder leaves alone (the last two), each mined as it arrives. A tick is skipped while the last is unanswered.
 */
export async function keepMining(node: DevNode, blockSeconds: number): Promise<{ stop(): Promise<{ sent: number; failed: number }> }> {
  const accounts = (await rawJsonRpc(node.url, 'eth_accounts')).body.result as string[];
  const [from, to] = [accounts.at(-1)!, accounts.at(-2)!];
  let sent = 0;
  let failed = 0;
  let pending: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (pending) return;
    pending = rawJsonRpc(node.url, 'eth_sendTransaction', [{ from, to, value: '0x1' }])
      .then((answer) => void (answer.body.error ? (failed += 1) : (sent += 1)))
      .catch(() => void (failed += 1))
      .finally(() => (pending = undefined));
  }, blockSeconds * 1000);
  return {
    async stop() {
      clearInterval(timer);
      await pending;
      return { sent, failed };
    },
  };
}
