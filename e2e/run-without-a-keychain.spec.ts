import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { commandLine, descendants, environment, isAlive } from '../test-support/processTree';
import { announcedHead, expect, test } from './appFixture';

// A new user on a machine with no keychain at all (no D-Bus session, and no gnome-keyring to start a private
// one): the app still opens on a live Local head, says once that keys are kept in memory for this run, and
// leaves nothing running when it is stopped.

test('with no keychain anywhere, the app shows a live Local head and says keys are kept in memory', async ({ page, launch }) => {
  // A PATH with node and nothing else: no dbus-run-session, no gnome-keyring to start a private keychain with.
  const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-bare-path-'));
  fs.symlinkSync(process.execPath, path.join(bin, 'node'));
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: bin };
  delete env.DBUS_SESSION_BUS_ADDRESS;
  delete env.BLOCKGLASS_KEYRING_SESSION;
  const app = await launch(env);
  try {
    await page.goto(app.url);
    // First the page (a cold one, on a machine busy with other journeys, may take more than the usual 5 s), then the notice.
    await expect(page.getByRole('img', { name: /^Connected to Local sandbox/ })).toBeVisible({ timeout: 30_000 });
    const notice = page.getByRole('status', { name: 'Keys are kept in memory' });
    await expect(notice).toContainText('kept in memory for this run only');
    await expect(notice).toContainText('forgotten when it quits');
    await expect(notice).toContainText('apt-get install gnome-keyring');
    const first = await announcedHead(page);
    expect(first).toBeGreaterThan(200);
    await expect.poll(() => announcedHead(page), { timeout: 20_000 }).toBeGreaterThan(first!);

    // The keys page words it the same way; nothing claims a system keychain.
    const url = new URL(app.url);
    await page.goto(`${url.origin}/settings/keys${url.hash}`);
    await expect(page.getByText(/keys are kept in memory for this run and forgotten when Blockglass quits/)).toBeVisible();
    await expect(page.getByText('system keychain')).toHaveCount(0);

    // Said once: dismissed, it stays gone for the run.
    await page.getByRole('button', { name: 'Got it' }).click();
    await expect(notice).toHaveCount(0);
    expect(app.logs()).toContain('keys are kept in memory for this run only');
    expect(app.logs()).not.toContain('uses a private one');

    const tree = [app.pid, ...descendants(app.pid)];
    expect(tree.length).toBeGreaterThanOrEqual(4); // web host, sandbox guard, sandbox, Anvil (and Anvil's guard)
    // The Local key, as only the sandbox process holds it (its environment): it must be in no file.
    const sandbox = tree.find((pid) => commandLine(pid).includes('out/sandbox/cli.mjs') && !commandLine(pid).startsWith('/bin/sh'));
    const key = environment(sandbox!).find((line) => line.startsWith('BLOCKGLASS_SANDBOX_KEY='))!.slice('BLOCKGLASS_SANDBOX_KEY='.length);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    await app.stop();
    await expect.poll(() => tree.filter((pid) => isAlive(pid)).length, { timeout: 20_000 }).toBe(0);
    const files = fs.readdirSync(app.dataDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    expect(files.length).toBeGreaterThan(3);
    for (const file of files) {
      expect(fs.readFileSync(path.join(file.parentPath, file.name)).includes(key), path.join(file.parentPath, file.name)).toBe(false);
    }
  } finally {
    fs.rmSync(bin, { recursive: true, force: true });
  }
});
