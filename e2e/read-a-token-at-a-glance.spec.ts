import { decodeAbiParameters, formatUnits, keccak256, toHex, type Hex } from 'viem';
import { nodeClient } from '../test-support/nodeClient';
import { appPath, seededManifest } from './chain';
import { expect, test } from './appFixture';
import { appSandbox } from './appSandbox';
import { openAbiImport } from './abiImportFold';

// A support engineer opens a token contract's page and reads it at a glance, as on Etherscan: its name, symbol,
// decimals, total supply in units, its standard, how many hold it and how much the ten largest hold. Every figure is
// checked against the node's own answers at the block the card names (eth_call of each function; holders from
// eth_getLogs of its Transfer events up to that block). The token's ABI is known from its metadata, so the ABI
// import is folded away.

const TRANSFER = keccak256(toHex('Transfer(address,address,uint256)'));
const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

test("a token's facts at a glance, each as the node answers it at the block the card names", async ({ readOnlyApp: app, page }) => {
  const token = seededManifest().contracts.tokens[0]!;
  await page.goto(appPath(app.url, `/explorer/address/${token.address}`));
  const card = page.getByRole('region', { name: /^Token/ });
  await expect(card).toBeVisible({ timeout: 30_000 });
  const at = /at block ([\d,]+)/.exec((await card.getByRole('heading').textContent()) ?? '');
  expect(at).not.toBeNull();
  const block = `0x${BigInt(at![1]!.replace(/,/g, '')).toString(16)}`;

  // The node's own answers at that block: the app's own sandbox's (its live traffic after the seed is its own, so
  // another sandbox's blocks past the seed are not these).
  const sandbox = await appSandbox(app);
  const node = nodeClient(`${sandbox.origin}/local/v3/${sandbox.key}`);
  const readChain = async <T>(method: string, params: unknown[]) => (await node.request({ method, params } as never)) as T;
  const call = (data: string) => readChain<Hex>('eth_call', [{ to: token.address, data }, block]);
  const [name] = decodeAbiParameters([{ type: 'string' }], await call('0x06fdde03'));
  const [symbol] = decodeAbiParameters([{ type: 'string' }], await call('0x95d89b41'));
  const decimals = Number(BigInt(await call('0x313ce567')));
  const supply = BigInt(await call('0x18160ddd'));
  const logs = await readChain<{ topics: string[]; data: Hex }[]>('eth_getLogs', [{ address: token.address, topics: [TRANSFER], fromBlock: '0x0', toBlock: block }]);
  const balances = new Map<string, bigint>();
  for (const log of logs) {
    const amount = BigInt(log.data);
    const from = `0x${log.topics[1]!.slice(26)}`;
    const to = `0x${log.topics[2]!.slice(26)}`;
    balances.set(from, (balances.get(from) ?? 0n) - amount);
    balances.set(to, (balances.get(to) ?? 0n) + amount);
  }
  balances.delete(`0x${'0'.repeat(40)}`);
  const held = [...balances.values()].filter((balance) => balance > 0n).sort((a, b) => (a > b ? -1 : a < b ? 1 : 0));
  const all = held.reduce((sum, balance) => sum + balance, 0n);
  const top = held.slice(0, 10).reduce((sum, balance) => sum + balance, 0n);
  const hundredths = (top * 20_000n + all) / (2n * all);
  const share = `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}`.replace(/\.?0+$/, '');

  const row = (label: string) => card.locator('.info-row', { has: page.getByText(label, { exact: true }) }).locator('dd');
  await expect(row('Name')).toHaveText(name);
  await expect(row('Symbol')).toHaveText(symbol);
  await expect(row('Decimals')).toHaveText(String(decimals));
  const units = formatUnits(supply, decimals);
  expect(units.split('.')[1]?.length ?? 0).toBeLessThanOrEqual(6); // the seeded supply is shown whole
  const [whole, fraction] = units.split('.');
  await expect(row('Total supply')).toHaveText(`${group(whole!)}${fraction ? `.${fraction}` : ''} ${symbol}`);
  // The raw integer is one hover away.
  await expect(row('Total supply').locator('[title]')).toHaveAttribute('title', `${supply.toString(10)} (raw units)`);
  await expect(row('Standard')).toContainText('ERC-20');
  await expect(row('Holders')).toHaveText(`${group(String(held.length))} with a balance, from ${group(String(logs.length))} Transfer logs up to block ${at![1]}`);
  await expect(row(`Top ${Math.min(10, held.length)} holders hold`)).toContainText(`${share}%`);

  // The ABI is known (the token's metadata): the import is folded away until opened.
  const abiImport = page.getByRole('region', { name: 'Import an ABI' });
  await expect(abiImport.getByLabel('ABI')).toBeHidden();
  await openAbiImport(abiImport);
});

test('a contract that is no token has no Token card', async ({ readOnlyApp: app, page }) => {
  // The reverter's ABI is known from its metadata too; what matters here is the card's absence.
  await page.goto(appPath(app.url, `/explorer/address/${seededManifest().contracts.reverter}`));
  await expect(page.getByRole('region', { name: /^Overview/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Import an ABI' })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Token/ })).toHaveCount(0);
});
