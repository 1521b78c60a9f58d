import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { create } from 'kubo-rpc-client';
import { expect, test, type RunningApp } from './appFixture';
import { appSandbox } from './appSandbox';
import { chooseFiles } from './fileChooser';

// Someone adds a `hello.txt` through the file chooser: the content browser shows it as hello.txt (its CID below,
// labelled), the path starts at hello.txt, and saving it gives a hello.txt. Reopened from Recent, by a deep link, or
// by its bare CID, it is still hello.txt. A folder added the same way is its name at the path's root; a CID nobody
// named is /ipfs/<short cid> until the person names it.

async function openContent(app: RunningApp, page: Page, route = '/content') {
  const url = new URL(app.url);
  await page.goto(`${url.origin}${route}${url.hash}`);
}

/** The CID Kubo's own client computes for these files, as the store would add them. */
async function cidOf(app: RunningApp, files: { path: string; content?: Buffer }[]): Promise<string> {
  const sandbox = await appSandbox(app);
  const ipfs = create({ url: `${sandbox.origin}/api/v0`, headers: { authorization: `Basic ${Buffer.from(`${sandbox.key}:${sandbox.secret}`).toString('base64')}` } });
  let root = '';
  for await (const added of ipfs.addAll(files, { onlyHash: true })) root = added.cid.toString();
  return root;
}

test('add hello.txt with the file chooser: it is shown and saved as hello.txt, and keeps its name when reopened', async ({ app, page }) => {
  const bytes = Buffer.from(`Hello from a file with a name, ${Date.now()}.\n`);
  const file = path.join(app.dataDir, 'hello.txt');
  fs.writeFileSync(file, bytes);
  const cid = await cidOf(app, [{ path: 'hello.txt', content: bytes }]);

  await openContent(app, page);
  await chooseFiles(page, 'Add files', file);
  // The file is added as itself (the CID anyone gets for these bytes), and opened by its name.
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toBe(`/content/${cid}`);
  expect(new URL(page.url()).searchParams.get('name')).toBe('hello.txt');

  const heading = page.getByRole('heading', { name: 'hello.txt', level: 2 });
  await expect(heading).toBeVisible();
  const title = page.locator('.content-title', { has: heading });
  await expect(title.getByText('CID', { exact: true })).toBeVisible();
  await expect(title.getByText(cid, { exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Path' }).getByText('hello.txt', { exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('Hello from a file with a name', { exact: false })).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Save as…' }).first().click()]);
  expect(download.suggestedFilename()).toBe('hello.txt');
  expect(fs.readFileSync(await download.path()).equals(bytes)).toBe(true);

  // Reopened from Recent: still hello.txt.
  await openContent(app, page);
  await page.getByRole('region', { name: 'Recent' }).getByRole('link', { name: 'hello.txt' }).click();
  await expect(page.getByRole('heading', { name: 'hello.txt', level: 2 })).toBeVisible();
  // By its bare CID (pasted, or a link that carries no name): the name it was added by is found again.
  await openContent(app, page, `/content/${cid}`);
  await expect(page.getByRole('heading', { name: 'hello.txt', level: 2 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Path' }).getByText('hello.txt', { exact: true })).toBeVisible();
  // A deep link with the name, in a window that never saw it added, after the recent list is cleared.
  await openContent(app, page);
  await page.getByRole('region', { name: 'Recent' }).getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByText('CIDs you open here are remembered on this device.')).toBeVisible();
  await openContent(app, page, `/content/${cid}?name=hello.txt`);
  await expect(page.getByRole('heading', { name: 'hello.txt', level: 2 })).toBeVisible();

  // Opened under a name with a space and an accent: saved under that very name, not a plain stand-in.
  await openContent(app, page, `/content/${cid}?name=${encodeURIComponent('Grüße an alle.txt')}`);
  await expect(page.getByRole('heading', { name: 'Grüße an alle.txt', level: 2 })).toBeVisible();
  const [named] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Save as…' }).first().click()]);
  expect(named.suggestedFilename()).toBe('Grüße an alle.txt');
  expect(fs.readFileSync(await named.path()).equals(bytes)).toBe(true);
});

test('add a folder with the file chooser: the path starts at its name; a CID nobody named is /ipfs/<short cid> until named', async ({ app, page }) => {
  const folder = path.join(app.dataDir, 'field-notes');
  fs.mkdirSync(path.join(folder, 'sub'), { recursive: true });
  const notes = Buffer.from(`notes ${Date.now()}\n`);
  fs.writeFileSync(path.join(folder, 'notes.txt'), notes);
  fs.writeFileSync(path.join(folder, 'sub', 'data.json'), '{"ok":true}\n');

  await openContent(app, page);
  await chooseFiles(page, 'Add folder', folder);
  await expect.poll(() => new URL(page.url()).searchParams.get('name'), { timeout: 30_000 }).toBe('field-notes');
  await expect(page.getByRole('heading', { name: 'field-notes', level: 2 })).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Path' });
  await expect(crumbs.getByText('field-notes', { exact: true })).toHaveAttribute('aria-current', 'page');

  // Inside it, the root crumb is still the folder's name, and leads back to it.
  await page.getByRole('grid', { name: /entries/ }).getByRole('link', { name: 'sub/' }).click();
  await expect(page.getByRole('heading', { name: 'sub', level: 2 })).toBeVisible();
  await crumbs.getByRole('link', { name: 'field-notes' }).click();
  await expect(page.getByRole('heading', { name: 'field-notes', level: 2 })).toBeVisible();

  // The file inside, opened by its own CID, was never opened by a name: it is /ipfs/<short cid>.
  const notesCid = await cidOf(app, [{ path: 'notes.txt', content: notes }]);
  await openContent(app, page, `/content/${notesCid}`);
  const short = `/ipfs/${notesCid.slice(0, 10)}…${notesCid.slice(-6)}`;
  await expect(page.getByRole('heading', { name: short, level: 2 })).toBeVisible();
  await expect(crumbs.getByText(short, { exact: true })).toBeVisible();

  // The person names it; the name stays with it when it is opened by its bare CID again, and its save uses it.
  await page.getByRole('button', { name: 'Name it…' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill('notes copy.txt');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByRole('heading', { name: 'notes copy.txt', level: 2 })).toBeVisible();
  await expect(crumbs.getByText('notes copy.txt', { exact: true })).toBeVisible();
  await openContent(app, page, `/content/${notesCid}`);
  await expect(page.getByRole('heading', { name: 'notes copy.txt', level: 2 })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Save as…' }).first().click()]);
  // Saved under the name it is shown by, space and all (the download's address keeps a plain stand-in).
  expect(download.suggestedFilename()).toBe('notes copy.txt');
  expect(fs.readFileSync(await download.path()).equals(notes)).toBe(true);
});
