import { appPath, readChain, seededManifest } from './chain';
import { expect, test } from './appFixture';

// A developer reads a mapping element of the showcase contract from its key and the mapping's position:
// the app computes the slot and shows the known balance.

test('a mapping slot shows the known balance', async ({ readOnlyApp: app, page }) => {
  const { contracts, storage, seededToBlock } = seededManifest();
  await page.goto(appPath(app.url, `/explorer/address/${contracts.storageShowcase}`));
  const reader = page.getByRole('region', { name: 'Read storage' });
  await expect(reader).toBeVisible({ timeout: 30_000 });
  await reader.getByLabel('a mapping element').check();
  await reader.getByLabel("Mapping's position").fill(String(storage.mapping.slot));
  await reader.getByLabel('Key', { exact: true }).fill(storage.mapping.key);
  await reader.getByLabel('At block').fill(String(seededToBlock));
  await reader.getByRole('button', { name: 'Read slot' }).click();

  // The value the chain holds there now, read independently with the slot the spec defines.
  const { keccak256, concat, pad } = await import('viem');
  const slot = keccak256(concat([pad(storage.mapping.key.toLowerCase() as `0x${string}`), pad(`0x${storage.mapping.slot.toString(16)}`)]));
  const word = await readChain<string>('eth_getStorageAt', [contracts.storageShowcase, slot, `0x${seededToBlock.toString(16)}`]);
  await expect(reader.getByTestId('storage-decoded')).toHaveText(BigInt(word).toString(10));
  await expect(reader.getByText(slot)).toBeVisible();

  // A key that is not an address is refused with a sentence, and nothing is read.
  await reader.getByLabel('Key', { exact: true }).fill('0x1234');
  await reader.getByRole('button', { name: 'Read slot' }).click();
  await expect(reader.getByRole('alert')).toHaveText('An address key is 0x followed by 40 hex digits.');
});
