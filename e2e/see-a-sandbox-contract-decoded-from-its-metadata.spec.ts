import { toFunctionSelector, type AbiFunction } from 'viem';
import { readMetadataPointer } from '../src-shared/decoding/solidityMetadata';
import { appPath, readChain, seededManifest } from './chain';
import { e2eSandbox } from './sandbox';
import { expect, test } from './appFixture';

// A developer opens a call to one of the sandbox's own contracts: the app reads the metadata CID from the
// contract's code, finds the metadata in the network's content store, and decodes the call with its ABI,
// offline. No signature database knows this function.

test("a sandbox contract's call is decoded from its metadata", async ({ readOnlyApp: app, page }) => {
  const hash = seededManifest().transactions.failed;
  // The expected function, read at check time: the code's metadata pointer, the metadata from the store.
  const tx = await readChain<{ to: string; input: string }>('eth_getTransactionByHash', [hash]);
  const pointer = readMetadataPointer(await readChain<string>('eth_getCode', [tx.to, 'latest']));
  expect(pointer?.ipfs).toBeDefined();
  const sandbox = e2eSandbox();
  const response = await fetch(`${sandbox.storageUrl}/api/v0/cat?arg=${pointer!.ipfs}`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${sandbox.key}:${sandbox.secret}`).toString('base64')}` },
  });
  const metadata = (await response.json()) as { output: { abi: AbiFunction[] } };
  const called = metadata.output.abi.find((item) => item.type === 'function' && toFunctionSelector(item) === tx.input.slice(0, 10))!;
  expect(called).toBeDefined();

  await page.goto(appPath(app.url, `/explorer/tx/${hash}`));
  const input = page.getByRole('region', { name: 'Input' });
  await expect(input.getByText("from the contract's metadata")).toBeVisible({ timeout: 30_000 });
  await expect(input.getByText(`${called.name}(${called.inputs.map((parameter) => parameter.type).join(',')})`, { exact: true })).toBeVisible();
  for (const parameter of called.inputs) await expect(input.getByRole('cell', { name: parameter.name, exact: true })).toBeVisible();

  // The contract's page names its source and lists the ABI from the metadata.
  await page.getByRole('region', { name: 'Overview' }).getByRole('link', { name: new RegExp(tx.to.slice(2, 8), 'i') }).first().click();
  await expect(page.getByText(/from the contract's metadata · Reverter\.sol:Reverter/)).toBeVisible();

  // Its metadata opens in the content browser as a folder: the ABI, then each source file by its CID.
  await page.getByRole('link', { name: pointer!.ipfs!.slice(0, 10), exact: false }).first().click();
  await expect.poll(() => new URL(page.url()).pathname).toBe(`/content/${pointer!.ipfs}`);
  const folder = page.getByRole('region', { name: 'Contract metadata' });
  await expect(folder.getByRole('heading', { name: /Contract metadata: Reverter/ })).toBeVisible({ timeout: 30_000 });
  await expect(folder.getByText(`ABI, ${metadata.output.abi.length} entries`)).toBeVisible();
  await folder.getByRole('link', { name: 'Reverter.sol' }).click();
  await expect(page.getByText('contract Reverter', { exact: false }).first()).toBeVisible({ timeout: 30_000 });
});
