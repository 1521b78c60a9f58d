import type { Page } from '@playwright/test';
import { expect } from './appFixture';
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
