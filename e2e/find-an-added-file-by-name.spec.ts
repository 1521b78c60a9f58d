import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { create } from 'kubo-rpc-client';
import { expect, test, type RunningApp } from './appFixture';
import { appSandbox } from './appSandbox';
import { chooseFiles } from './fileChooser';

// Someone adds a file by its name, goes elsewhere, and finds it again by part of that name: from the search box on
// another screen, from "Find by name" in the content browser, and by typing the name where a CID goes. What is
// offered (its CID, its size) is checked against the app's own content store, read here through its HTTP API.

async function open(app: RunningApp, page: Page, route: string) {
  const url = new URL(app.url);
  await page.goto(`${url.origin}${route}${url.hash}`);
}

/** The app's own store, through the official client: the CID it gives these bytes, its size there and its pin. */
async function storeFacts(app: RunningApp, bytes: Buffer) {
  const sandbox = await appSandbox(app);
  const ipfs = create({ url: `${sandbox.origin}/api/v0`, headers: { authorization: `Basic ${Buffer.from(`${sandbox.key}:${sandbox.secret}`).toString('base64')}` } });
  const { cid } = await ipfs.add(bytes, { onlyHash: true });
  const key = cid.toString();
  let size = 0;
  for await (const part of ipfs.cat(key)) size += part.byteLength;
  const pins: string[] = [];
  for await (const pin of ipfs.pin.ls({ paths: [key] })) pins.push(`${pin.cid.toString()} ${pin.type}`);
  return { cid: key, size, pins };
}

test('add a file, go elsewhere, find it by part of its name from the search box and from Find by name', async ({ app, page }) => {
  const stem = `minutes-${crypto.randomBytes(3).toString('hex')}`;
  const name = `${stem} board meeting.txt`;
  const bytes = Buffer.from(`Minutes of the board meeting, ${Date.now()}.\nPresent: everyone.\n`);
  const file = path.join(app.dataDir, name);
  fs.writeFileSync(file, bytes);

  await open(app, page, '/content');
  await chooseFiles(page, 'Add files', file);
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible({ timeout: 30_000 });
  const added = new URL(page.url()).pathname.split('/')[2]!;

  // The store's own answers: the CID it gives these bytes is the one added, it holds all of them, pinned.
  const store = await storeFacts(app, bytes);
  expect(added).toBe(store.cid);
  expect(store.size).toBe(bytes.byteLength);
  expect(store.pins).toEqual([`${store.cid} recursive`]);

  // Another screen; part of the name in the search box offers the file, with its CID, size and when it was added.
  await open(app, page, '/gas');
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill(stem.slice(0, 12));
  const offered = page.getByRole('list', { name: 'Content by this name' }).getByRole('listitem').filter({ hasText: name });
  await expect(offered).toHaveCount(1);
  await expect(offered.getByTitle(store.cid)).toBeVisible();
  await expect(offered.getByTitle(`${store.size} bytes`)).toBeVisible();
  await expect(offered).toContainText('added just now');
  await offered.getByRole('link', { name }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe(`/content/${store.cid}`);
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
  await expect(page.getByText('Present: everyone.', { exact: false })).toBeVisible();

  // Text that is no CID, address, hash nor a name anything goes by says what it looks like, without multibase talk.
  await open(app, page, '/explorer');
  await search.fill(`${stem}.pdf`);
  await expect(page.getByText(`"${stem}.pdf" looks like a file name, but nothing added or named on Local sandbox goes by it, and it is not a block number, hash, address or CID.`)).toBeVisible();
  await search.press('Enter');
  await expect(page.getByRole('alert')).toContainText('looks like a file name');

  // In the content browser: Find by name lists it with its whole CID and its size, and opens it.
  await open(app, page, '/content');
  await page.getByRole('searchbox', { name: 'Find by name' }).fill(`BOARD MEETING`);
  await expect.poll(() => new URL(page.url()).searchParams.get('find')).toBe('BOARD MEETING');
  const listed = page.getByRole('list', { name: 'Content found by name' }).getByRole('listitem').filter({ hasText: name });
  await expect(listed).toHaveCount(1);
  await expect(listed.getByText(store.cid, { exact: true })).toBeVisible();
  await expect(listed.getByTitle(`${store.size} bytes`)).toBeVisible();
  // The find is a link: reloaded, it lists the same.
  await page.reload();
  await expect(listed).toHaveCount(1);
  await listed.getByRole('link', { name }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe(`/content/${store.cid}`);
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();

  // Its name typed where a CID goes finds it too: it is said to be no CID, in plain words, not multibase prefixes.
  await open(app, page, '/content');
  await page.getByRole('textbox', { name: 'CID or path' }).fill(stem);
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByRole('list', { name: 'Content found by name' }).getByRole('link', { name })).toBeVisible();
  await expect(page.getByRole('main').locator('.field-error')).toHaveText(`"${stem}" is not a CID: what goes by that name is listed under “Found by name”.`);
  await expect(page.getByText(/multibase/)).toHaveCount(0);

  // After Recent is cleared, the name still finds it.
  await open(app, page, '/content');
  await page.getByRole('region', { name: 'Recent' }).getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByText('CIDs you open here are remembered on this device.')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Find by name' }).fill(stem);
  await expect(page.getByRole('list', { name: 'Content found by name' }).getByRole('link', { name })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Find by name' }).fill(`${stem} nothing`);
  await expect(page.getByRole('region', { name: 'Found by name' }).getByRole('status')).toContainText(`Nothing on Local sandbox goes by a name with "${stem} nothing" in it.`);
});
