import { commandLine, descendants } from '../test-support/processTree';
import { appPath, seededManifest } from './chain';
import { announcedHead, expect, test } from './appFixture';

// A developer runs a 60,000-log query and the Local sandbox dies under it (kill -9): the run says it waits for
// the node, keeps its rows, and ends with every log once the app has restarted the sandbox. Then the live tail
// loses its connection the same way: it says so, connects again, and shows new logs without a reload.

/** kill -9 of the app's sandbox process (not the guard it runs under). */
function killSandbox(dataDir: string): void {
  const pid = descendants(process.pid).find((candidate) => {
    const line = commandLine(candidate);
    return /(^|\/)node$/.test(line.split(' ')[0]!) && line.includes('cli.mjs') && line.includes(dataDir);
  });
  expect(pid, 'the app runs its sandbox').toBeDefined();
  process.kill(pid!, 'SIGKILL');
}

test('a log query waits out a sandbox crash and ends with every log; the live tail connects again', async ({ app, page }) => {
  test.setTimeout(300_000);
  const { contracts, logStorm } = seededManifest();
  await page.goto(appPath(app.url, `/logs?address=${contracts.logStorm}&fromBlock=${logStorm.fromBlock}&toBlock=${logStorm.toBlock}`));
  await expect.poll(() => announcedHead(page), { timeout: 60_000 }).toBeGreaterThan(0);
  await expect(page.getByRole('alert').filter({ hasText: 'per request' }).first()).toBeVisible({ timeout: 60_000 });

  await page.getByRole('button', { name: /^Run/ }).click();
  const logs = page.getByRole('grid', { name: 'logs' });
  await expect(logs.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
  killSandbox(app.dataDir);

  // The run says what happened and that it keeps its rows; the top bar says the sandbox is restarting.
  const waiting = page.getByRole('alert').filter({ hasText: /^The node stopped answering .* The query waits for it and goes on from block \d[\d,]*, keeping the rows it has\.$/ });
  await expect(waiting).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('alert').filter({ hasText: /^Sandbox (crashed: restarting it…|restarting…)$/ })).toBeVisible();
  const rowsWhileWaiting = Number(await logs.getAttribute('aria-rowcount')) - 1;
  expect(rowsWhileWaiting, 'the rows before the crash stay').toBeGreaterThan(0);

  // It goes on by itself and ends with every log of the storm, each once.
  const done = page.getByRole('status').filter({ hasText: /^Done: / });
  await expect(done).toHaveText(`Done: ${logStorm.totalLogs.toLocaleString('en-US')} logs in ${logStorm.toBlock - logStorm.fromBlock + 1} of ${logStorm.toBlock - logStorm.fromBlock + 1} blocks`, { timeout: 180_000 });
  await expect(waiting).toBeHidden();
  await expect.poll(async () => Number(await logs.getAttribute('aria-rowcount')) - 1).toBe(logStorm.totalLogs);

  // The live tail, over WebSocket, with the sandbox killed again under it.
  await expect.poll(() => announcedHead(page), { timeout: 60_000 }).toBeGreaterThan(0);
  await page.goto(appPath(app.url, '/logs'));
  await page.getByLabel('Follow new logs (live tail)').check();
  const tail = page.getByRole('region', { name: 'Live tail' });
  await expect(tail.getByText('eth_subscribe logs over WebSocket')).toBeVisible({ timeout: 30_000 });
  killSandbox(app.dataDir);
  await expect(tail.getByRole('alert')).toHaveText('The connection to the node dropped; the tail connects again and reads the blocks it misses.', { timeout: 30_000 });
  // Back: the note goes and new logs from the sandbox's traffic arrive in the same page.
  await expect(tail.getByRole('alert')).toBeHidden({ timeout: 180_000 });
  await expect(tail.getByRole('grid', { name: 'new logs' }).getByRole('row').nth(1).getByRole('link').first()).toBeVisible({ timeout: 60_000 });
});
