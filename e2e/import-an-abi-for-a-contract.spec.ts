import { openAbiImport } from './abiImportFold';
import { appPath, readChain, seededManifest } from './chain';
import { expect, test } from './appFixture';

// A developer imports an ABI for a contract, with a label: the contract's calls then decode with it (above
// the contract's own metadata), and the label names the address on the transaction's page.

test('an imported ABI decodes the contract first and its label names the address', async ({ app, page }) => {
  const hash = seededManifest().transactions.erc20Transfer;
  const tx = await readChain<{ to: string; input: string }>('eth_getTransactionByHash', [hash]);
  await page.goto(appPath(app.url, `/explorer/address/${tx.to}`));
  const form = page.getByRole('region', { name: 'Import an ABI' });
  await expect(form).toBeVisible({ timeout: 30_000 });
  // The token's ABI is known from its metadata: the form is folded away until the person opens it.
  await openAbiImport(form);

  // Bad input is refused with a sentence, before anything is sent.
  await form.getByLabel('ABI').fill('{"bytecode":"0x"}');
  await form.getByRole('button', { name: 'Import' }).click();
  await expect(form.getByRole('alert')).toHaveText('This JSON object has no “abi” list: not a Foundry or Hardhat artifact.');

  await form.getByLabel('ABI').fill('function transfer(address recipient, uint256 amount) returns (bool)');
  await form.getByLabel('Label for this address (optional)').fill('Journey token');
  await form.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByRole('region', { name: 'Imported ABI' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 }).getByText('Journey token')).toBeVisible();

  await page.goto(appPath(app.url, `/explorer/tx/${hash}`));
  const input = page.getByRole('region', { name: 'Input' });
  await expect(input.getByText('from the imported ABI')).toBeVisible({ timeout: 30_000 });
  await expect(input.getByRole('cell', { name: 'recipient', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Overview' }).getByRole('link', { name: /^Journey token \(/ })).toBeVisible();
});
