import { keccak256, toHex } from 'viem';
import { appPath, readChain, seededManifest } from './chain';
import { expect, test } from './appFixture';

// A developer opens a token that lives behind OpenZeppelin's ERC1967Proxy: the address page says it is a proxy and
// names the implementation, and a transfer through the proxy reads by name (the call and its Transfer event),
// decoded with the implementation's ABI although the proxy's own knows no transfer().

const TRANSFER = keccak256(toHex('Transfer(address,address,uint256)'));
const IMPLEMENTATION_SLOT = '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc';

test('a token behind a proxy: the proxy names its implementation, and a transfer through it is decoded by name', async ({ readOnlyApp: app, page }) => {
  const proxy = (seededManifest().contracts as unknown as { proxiedToken: { erc1967Proxy: string } }).proxiedToken.erc1967Proxy;
  // What the page must say, read from the chain at check time: the implementation in the proxy's EIP-1967 slot,
  // and a transfer through the proxy (a Transfer log from someone, not the mint at initialization).
  const implementation = `0x${(await readChain<string>('eth_getStorageAt', [proxy, IMPLEMENTATION_SLOT, 'latest'])).slice(-40)}`;
  const logs = await readChain<{ topics: string[]; transactionHash: string }[]>('eth_getLogs', [{ address: proxy, topics: [TRANSFER], fromBlock: '0x0', toBlock: 'latest' }]);
  const transfer = logs.find((log) => !/^0x0*$/.test(log.topics[1]!));
  expect(transfer).toBeDefined();
  const tx = await readChain<{ to: string }>('eth_getTransactionByHash', [transfer!.transactionHash]);
  expect(tx.to.toLowerCase()).toBe(proxy.toLowerCase());

  await page.goto(appPath(app.url, `/explorer/address/${proxy}`));
  const overview = page.getByRole('region', { name: /Overview/ });
  const row = overview.locator('.info-row', { has: page.getByText('Proxy', { exact: true }) });
  await expect(row).toContainText('EIP-1967 proxy', { timeout: 30_000 });
  await expect(row.getByRole('link', { name: implementation, exact: false })).toBeVisible();

  await page.goto(appPath(app.url, `/explorer/tx/${transfer!.transactionHash}`));
  const input = page.getByRole('region', { name: 'Input' });
  await expect(input.getByText('transfer(address,uint256)', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(input.getByRole('cell', { name: 'to', exact: true })).toBeVisible();
  await expect(input.getByRole('cell', { name: 'amount', exact: true })).toBeVisible();
  const events = page.getByRole('region', { name: /^Logs/ });
  await expect(events.getByText('Transfer(address,address,uint256)', { exact: true })).toBeVisible();
});
