import { commandLine, descendants, isAlive } from '../test-support/processTree';
import { announcedHead, expect, test } from './appFixture';

// The Local sandbox dies (kill -9) while a person watches the latest blocks: the top bar says so while the
// app restarts it, the alert goes once it runs again, and the blocks go on by themselves, with no reload.

test('the sandbox killed: the app says so, restarts it, and the explorer goes on', async ({ app, page }) => {
  test.setTimeout(240_000);
  await page.goto(app.url);
  await expect.poll(() => announcedHead(page), { timeout: 60_000 }).toBeGreaterThan(0);
  const before = (await announcedHead(page))!;

  // The sandbox's node process, not the guard the app runs it under (`sh -c … sandbox-guard node cli.mjs …`).
  const sandbox = descendants(process.pid).find((pid) => /(^|\/)node$/.test(commandLine(pid).split(' ')[0]!) && commandLine(pid).includes('cli.mjs') && commandLine(pid).includes(app.dataDir));
  expect(sandbox, 'the app runs its sandbox').toBeDefined();
  process.kill(sandbox!, 'SIGKILL');
  const killedAt = Date.now();

  const alert = page.getByRole('alert').filter({ hasText: /^Sandbox (crashed: restarting it…|restarting…)$/ });
  await expect(alert).toBeVisible({ timeout: 15_000 });
  await expect(alert).toHaveAttribute('href', /\/settings\/sandbox$/);
  await expect(alert).toBeHidden({ timeout: 180_000 });
  const backMs = Date.now() - killedAt;
  expect(isAlive(sandbox!)).toBe(false);

  // The status dot announces new heads again, one after another, without a reload.
  await expect.poll(() => announcedHead(page), { timeout: 60_000 }).toBeGreaterThan(0);
  const after = (await announcedHead(page))!;
  await expect.poll(() => announcedHead(page), { timeout: 60_000 }).toBeGreaterThan(after);
  await expect(page.getByRole('region', { name: 'Latest blocks' })).toBeVisible();
  console.log(`the sandbox was back ${(backMs / 1000).toFixed(1)} s after kill -9; head ${before} → ${await announcedHead(page)}`);
});
