import { appPath, readChain, seededManifest } from './chain';
import { expect, test } from './appFixture';

// A developer opens the account that sent the EIP-7702 transaction: its code is now a delegation designator, so
// the page calls it an account (not a contract), names the contract whose code it runs, and its Transactions tab
// lists what it sent, as for any account.

test('an account delegating its code (EIP-7702) reads as an account that runs its delegate', async ({ readOnlyApp: app, page }) => {
  const { accounts, contracts } = seededManifest() as unknown as { accounts: { delegator: { address: string } }; contracts: { batchCall: string } };
  const delegator = accounts.delegator.address;
  // What the page must say, read from the chain at check time: the designator in its code, and its nonce.
  const code = await readChain<string>('eth_getCode', [delegator, 'latest']);
  expect(code.toLowerCase().startsWith('0xef0100')).toBe(true);
  const delegate = `0x${code.slice(-40)}`;
  expect(delegate.toLowerCase()).toBe(contracts.batchCall.toLowerCase());

  await page.goto(appPath(app.url, `/explorer/address/${delegator}`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Address/, { timeout: 30_000 });
  const overview = page.getByRole('region', { name: /Overview/ });
  const row = overview.locator('.info-row', { has: page.getByText('Delegates to', { exact: true }) });
  await expect(row).toContainText('EIP-7702 delegation');
  await expect(row.getByRole('link', { name: delegate, exact: false })).toBeVisible();
  await expect(overview.locator('.info-row', { has: page.getByText('Code', { exact: true }) })).toContainText('23 bytes: a delegation designator (EIP-7702)');
  // An account: no creation to look for, no contract events.
  await expect(overview.getByText('Created', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Address sections' }).getByRole('link', { name: 'Events' })).toHaveCount(0);

  await page.goto(appPath(app.url, `/explorer/address/${delegator}?tab=transactions`));
  const nonce = Number(BigInt(await readChain<string>('eth_getTransactionCount', [delegator, 'latest'])));
  expect(nonce).toBeGreaterThan(0);
  // Its few transactions fit one page: the whole list, back to nonce 0.
  const section = page.getByRole('region', { name: /Transactions sent/ });
  await expect(section.getByText('That is every transaction it sent, back to nonce 0.')).toBeVisible({ timeout: 30_000 });
  // Its EIP-7702 transaction used two nonces (its own, and the authorization's, signed for nonce + 1): one row
  // each for the transactions it sent, and the authorization's nonce said in words with its block.
  const eip7702 = (seededManifest() as unknown as { transactions: { eip7702: string } }).transactions.eip7702;
  const sent = await readChain<{ nonce: string; blockNumber: string }>('eth_getTransactionByHash', [eip7702]);
  const authorizationNonce = Number(BigInt(sent.nonce)) + 1;
  await expect(section.getByRole('grid', { name: 'transactions sent' })).toHaveAttribute('aria-rowcount', String(nonce));
  await expect(section.getByText(`1 nonce used without a transaction it sent (an EIP-7702 authorization it signed uses one): nonce ${authorizationNonce} in block ${BigInt(sent.blockNumber).toString(10)}.`)).toBeVisible();
});
