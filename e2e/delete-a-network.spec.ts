import type { Page } from '@playwright/test';
import { expect, test } from './appFixture';
import { e2eSandbox } from './sandbox';

// Someone removes a network they added: the question is asked in a dialog in the middle of the
// window, with all of its text readable, in the light and the dark theme alike. Before that, a
// name that would display reversed is refused by the form.

async function addNetwork(page: Page, appUrl: string, name: string): Promise<void> {
  const origin = new URL(e2eSandbox().rpcUrl).origin;
  const url = new URL(appUrl);
  await page.goto(`${url.origin}/settings/networks/new${url.hash}`);
  await page.getByLabel('Chain id').fill('31337');
  await page.getByLabel('JSON-RPC address').fill(`${origin}/local/v3/`);
  // A right-to-left override would show "Safe\u202Eexe.txt" as "Safetxt.exe": the form says why it refuses it.
  await page.getByLabel('Name').fill('Safe\u202Eexe.txt');
  await page.getByRole('button', { name: 'Add network' }).click();
  await expect(page.getByText(/A name cannot contain U\+202E \(right-to-left override\)/)).toBeVisible();
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Add network' }).click();
  await expect(page.getByRole('main').getByText(name).first()).toBeVisible();
}

for (const theme of ['light', 'dark'] as const) {
  test(`the delete-network dialog is centred and shows all its text (${theme} theme)`, async ({ app, page }) => {
    await page.emulateMedia({ colorScheme: theme });
    await page.setViewportSize({ width: 1280, height: 800 });
    await addNetwork(page, app.url, 'Staging node');
    await page.getByRole('button', { name: 'Delete Staging node' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Staging node?' });
    await expect(dialog).toBeVisible();
    await page.screenshot({ path: `test-results/delete-network-dialog-${theme}.png` });

    const box = (await dialog.boundingBox())!;
    const viewport = page.viewportSize()!;
    // Centred: the same space on the left and the right, and above and below (within a pixel or two).
    expect(Math.abs(box.x - (viewport.width - box.x - box.width))).toBeLessThanOrEqual(2);
    expect(Math.abs(box.y - (viewport.height - box.y - box.height))).toBeLessThanOrEqual(2);
    expect(box.width).toBeGreaterThan(300);

    // All of its text visible: nothing overflows its box, and every line lies inside the dialog.
    for (const part of [dialog.getByRole('heading'), dialog.getByText(/The network and its own API key are removed/), dialog.getByRole('button', { name: 'Cancel' }), dialog.getByRole('button', { name: 'Delete network' })]) {
      await expect(part).toBeVisible();
      const partBox = (await part.boundingBox())!;
      expect(partBox.x).toBeGreaterThanOrEqual(box.x);
      expect(partBox.x + partBox.width).toBeLessThanOrEqual(box.x + box.width);
      expect(partBox.y + partBox.height).toBeLessThanOrEqual(box.y + box.height);
      expect(await part.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
    }

    await dialog.getByRole('button', { name: 'Delete network' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('main').getByText('Staging node')).toHaveCount(0);
  });
}
