import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { create } from 'kubo-rpc-client';
import { carOf, untar } from '../test-support/contentArchives';
import { expect, test, type RunningApp } from './appFixture';
import { appSandbox } from './appSandbox';

// Someone drops a folder onto the content browser, browses what the store made of it, previews a text file
// and an image, and saves a file back to disk; someone else opens the sandbox's demo folder from the search
// box; a mistyped CID gets a message that says what is wrong with it.

// A 2×2 PNG (red, green / blue, white).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);
const FILES = [
  { path: 'journey/notes.txt', bytes: Buffer.from(`Field notes, ${'dropped in a folder. '.repeat(30)}\nÜmlauts survive: äöü ß.\n`) },
  { path: 'journey/pic.png', bytes: PNG },
  { path: 'journey/sub/data.json', bytes: Buffer.from(JSON.stringify({ drop: true, items: [1, 2, 3], nested: { deep: 'value' } })) },
];

async function openContent(app: RunningApp, page: Page, route = '/content') {
  const url = new URL(app.url);
  await page.goto(`${url.origin}${route}${url.hash}`);
}

/** Drops files on the page as a folder drag does: each File carries its path inside the folder. */
async function dropFolder(page: Page, files: { path: string; bytes: Buffer }[]) {
  // Written as page code (this file has no DOM types): a DataTransfer of Files, each with its folder path.
  const entries = JSON.stringify(files.map((file) => ({ path: file.path, base64: file.bytes.toString('base64') })));
  const transfer = await page.evaluateHandle(`(() => {
    const data = new DataTransfer();
    for (const entry of ${entries}) {
      const bytes = Uint8Array.from(atob(entry.base64), (char) => char.charCodeAt(0));
      const file = new File([bytes], entry.path.split('/').pop(), { type: 'application/octet-stream' });
      Object.defineProperty(file, 'webkitRelativePath', { value: entry.path });
      data.items.add(file);
    }
    return data;
  })()`);
  const zone = page.getByTestId('content-drop-zone');
  await zone.dispatchEvent('dragover', { dataTransfer: transfer });
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
}

test('add a folder by drag and drop, browse it, preview text and an image, save a file', async ({ app, page }) => {
  const sandbox = await appSandbox(app);
  await openContent(app, page);
  await expect(page.getByRole('heading', { name: 'Content', level: 1 })).toBeVisible();
  await dropFolder(page, FILES);

  // The upload ends by opening the folder the store made; its CID is the one Kubo's own client computes.
  const ipfs = create({ url: `${sandbox.origin}/api/v0`, headers: { authorization: `Basic ${Buffer.from(`${sandbox.key}:${sandbox.secret}`).toString('base64')}` } });
  let expectedRoot = '';
  for await (const added of ipfs.addAll(FILES.map((file) => ({ path: file.path, content: file.bytes })), { onlyHash: true })) expectedRoot = added.cid.toString();
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toBe(`/content/${expectedRoot}`);
  await expect(page.getByText('Done:', { exact: false })).toBeVisible();
  const table = page.getByRole('grid', { name: /entries/ });
  for (const name of ['notes.txt', 'pic.png', 'sub/']) await expect(table.getByRole('link', { name })).toBeVisible();
  // Pinned on add: the side panel says so.
  await expect(page.getByText('Pinned (recursively)')).toBeVisible();
  // The image has a thumbnail in its row.
  await expect(table.locator('img.content-thumb')).toHaveCount(1);

  await table.getByRole('link', { name: 'notes.txt' }).click();
  await expect(page.getByText('Field notes, dropped in a folder.', { exact: false })).toBeVisible();
  await expect(page.getByText('Ümlauts survive: äöü ß.', { exact: false })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Save as…' }).first().click()]);
  expect(download.suggestedFilename()).toBe('notes.txt');
  expect(fs.readFileSync(await download.path()).equals(FILES[0]!.bytes)).toBe(true);

  await page.getByRole('navigation', { name: 'Path' }).getByRole('link').first().click();
  await table.getByRole('link', { name: 'pic.png' }).click();
  const image = page.getByRole('img', { name: /Preview of the image/ });
  await expect(image).toBeVisible();
  expect(await image.evaluate((element) => (element as unknown as { naturalWidth: number }).naturalWidth)).toBe(2);

  await page.getByRole('navigation', { name: 'Path' }).getByRole('link').first().click();
  await table.getByRole('link', { name: 'sub/' }).click();
  await page.getByRole('grid', { name: /entries/ }).getByRole('link', { name: 'data.json' }).click();
  await expect(page.getByRole('tree', { name: 'JSON' })).toContainText('"deep"');

  // The whole folder saved as a tar archive holds every file, byte for byte.
  await page.getByRole('navigation', { name: 'Path' }).getByRole('link').first().click();
  const [archive] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Save folder (.tar)' }).click()]);
  const files = await untar(fs.readFileSync(await archive.path()));
  for (const file of FILES) {
    const inside = Object.keys(files).find((name) => name.endsWith(file.path.slice('journey/'.length)));
    expect(inside, `${file.path} in ${Object.keys(files).join(', ')}`).toBeDefined();
    expect(files[inside!]!.equals(file.bytes)).toBe(true);
  }
});

test('import a CAR file, then unpin what it brought', async ({ app, page }) => {
  await openContent(app, page);
  const stamp = `${Date.now()}`;
  const { car, root } = await carOf([{ path: 'imported/hello.txt', content: Buffer.from(`hello from a CAR file ${stamp}\n`) }]);
  const carFile = path.join(app.dataDir, 'folder.car');
  fs.writeFileSync(carFile, car);
  await page.getByTestId('content-import-car').setInputFiles(carFile);
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toBe(`/content/${root}`);
  await page.getByRole('grid', { name: /entries/ }).getByRole('link', { name: 'hello.txt' }).click();
  await expect(page.getByText(`hello from a CAR file ${stamp}`)).toBeVisible();
  await page.getByRole('navigation', { name: 'Path' }).getByRole('link').first().click();
  await expect(page.getByText('Pinned (recursively)')).toBeVisible();
  await page.getByRole('button', { name: 'Unpin this folder' }).click();
  await expect(page.getByText('Not pinned')).toBeVisible();
  await page.getByRole('button', { name: 'Pin this folder' }).click();
  await expect(page.getByText('Pinned (recursively)')).toBeVisible();
});

test('open the demo folder from the search box', async ({ app, page }) => {
  await openContent(app, page);
  // The demo folder's CID, as the landing shows it (the sandbox seeds it).
  const demo = (await page.locator('.content-demo .mono').textContent({ timeout: 120_000 }))!.trim();
  await page.getByPlaceholder('Block, transaction hash, address or CID').fill(demo);
  await page.getByPlaceholder('Block, transaction hash, address or CID').press('Enter');
  await expect.poll(() => new URL(page.url()).pathname).toBe(`/content/${demo}`);
  const table = page.getByRole('grid', { name: /entries/ });
  for (const name of ['README.md', 'metadata.json', 'images/', 'docs/', 'data/']) await expect(table.getByRole('link', { name })).toBeVisible();
  await expect(page.getByRole('region', { name: 'CID inspector' })).toContainText('dag-pb');
  await table.getByRole('link', { name: 'README.md' }).click();
  await expect(page.getByRole('heading', { name: 'Blockglass demo content' })).toBeVisible();
});

test("a bad CID gets a message that says what is wrong", async ({ app, page }) => {
  await openContent(app, page);
  const box = page.getByLabel('CID or path');
  await box.fill('QmThisIsNotAValidCid');
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('a version 0 CID (Qm…) is exactly 46 characters, this has 20');
  await box.fill('0x1234abcd');
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('is hex, not a CID');
  // A deep link to something that is not a CID says so too.
  await openContent(app, page, '/content/bafyNOTbase32!');
  await expect(page.getByRole('alert')).toContainText('Not a CID');
});

test('cancel a large upload midway', async ({ app, page }) => {
  // A fresh app: its store has an address once its sandbox runs (before, the page says the sandbox is starting).
  await appSandbox(app);
  await openContent(app, page);
  await expect(page.getByRole('heading', { name: 'Content', level: 1 })).toBeVisible();
  // 200 MiB made in the page: at 1 MiB a chunk it takes long enough to be cancelled midway.
  const transfer = await page.evaluateHandle(`(() => {
    const data = new DataTransfer();
    data.items.add(new File([new Uint8Array(200 * 1024 * 1024).fill(7)], 'huge.bin'));
    return data;
  })()`);
  await page.getByTestId('content-drop-zone').dispatchEvent('drop', { dataTransfer: transfer });
  const upload = page.getByRole('group', { name: 'Adding huge.bin' });
  await expect(upload.getByRole('progressbar')).toBeVisible();
  await expect(upload.getByRole('status')).toContainText(/MiB of 200 MiB/);
  await upload.getByRole('button', { name: 'Cancel' }).click();
  await expect(upload.getByRole('status')).toHaveText('Cancelled');
  expect(new URL(page.url()).pathname).toBe('/content');
});
