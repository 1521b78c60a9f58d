import type { Locator } from '@playwright/test';
import { expect } from './appFixture';

/**
 * Opens the address page's folded "Import an ABI" form (folded once the metadata says the ABI is known) by a click
 * on its heading, clicked again only while still folded: a click that landed as the page above it grew by a row
 * missed it, and a second click on an open fold would close it. Returns the form's ABI box.
 */
export async function openAbiImport(form: Locator): Promise<Locator> {
  await expect(form.getByText(/its ABI is known/)).toBeVisible({ timeout: 30_000 });
  const abi = form.getByLabel('ABI');
  await expect(async () => {
    if (!(await abi.isVisible())) await form.getByRole('heading', { name: 'Import an ABI' }).click();
    await expect(abi).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  return abi;
}
