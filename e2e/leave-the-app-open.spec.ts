import fs from 'node:fs';
import path from 'node:path';
import type { SeedManifest } from '../src-sandbox/chain/manifest';
import { seededSandboxDir } from '../test-support/seededSandbox';
import { HOME_IN_APP } from '../bench/pageLoads';
import { demoFolderCid, describeProblem, localCycle, runCycle } from '../bench/soakCycle';
import { readAll, SOAK_GROWTH, watchApp, withinSoakGrowth } from '../bench/soakMemory';
import { expect, test } from './appFixture';
import { appPath } from './chain';

// A person leaves the app open on Local and goes from screen to screen, again and again: the explorer (home, a
// block, transactions, a trace, an address and each of its tabs), a log query, a call, gas, content and settings;
// and opens a few explorer pages in new windows, each drawn first by the host (its first frame), then closed.
// The soak bench's cycle (bench/soakCycle.ts), a fixed number of times: after the last, no process of the app (main,
// the renderer, the sandbox, its two Anvils) holds more than 25% + 50 MiB over what it held after the first. How it
// grows over half an hour is the bench's (`npm run bench -- --only soak`); this is its quick form, in the suite.

/** The first cycle warms up (caches, code loaded, the sandbox's first save); the others must not grow. */
const CYCLES = 5;

test('leave the app open on Local: every screen in turn, again and again, and no process of it grows', async ({ app, page }, testInfo) => {
  test.setTimeout(240_000);
  await page.goto(appPath(app.url, '/explorer'));
  await expect(page.locator(HOME_IN_APP).first()).toBeVisible({ timeout: 60_000 });
  const manifest = JSON.parse(fs.readFileSync(path.join(seededSandboxDir(), 'chain', 'manifest.json'), 'utf8')) as SeedManifest;
  const steps = localCycle(manifest, await demoFolderCid(page));
  // Memory only: the folder holds the chain, which grows with each block by nature.
  const watched = watchApp(process.pid, app.dataDir).filter((thing) => !thing.name.startsWith('sandbox folder'));
  // The window's icon is in the page (a data: URL): a Chromium window downloads an icon named by URL again after
  // every in-app navigation, and its renderer grew with each download (docs/design-notes.md).
  const iconDownloads: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/\/(assets\/)?favicon[^/]*$/.test(pathname)) iconDownloads.push(pathname);
  });

  /** One cycle; every page must show its content. An error notice on a page is said, not failed on: other journeys own each page. */
  const cycle = async (n: number) => {
    const problems = await runCycle(page, steps, app.url, 30_000);
    for (const problem of problems.filter((found) => found.settled)) {
      testInfo.annotations.push({ type: `cycle ${n}: a page shows an error`, description: describeProblem(problem) });
      if (n === 1) console.log(`cycle 1: ${describeProblem(problem)}`);
    }
    expect(problems.filter((found) => !found.settled).map(describeProblem), `cycle ${n}: every page shows its content`).toEqual([]);
  };

  await cycle(1);
  const warm = readAll(watched);
  expect(warm.every(Number.isFinite), `every process found after the first cycle: ${watched.map((thing, i) => `${thing.name} ${warm[i]}`).join(', ')}`).toBe(true);
  for (let n = 2; n <= CYCLES; n++) await cycle(n);
  const end = readAll(watched);
  expect(iconDownloads, `the window's icon downloaded while going from screen to screen`).toEqual([]);

  const said = watched.map((thing, i) => `${thing.name}: ${warm[i]!.toFixed(0)} → ${end[i]!.toFixed(0)} MiB (at most ${(warm[i]! * (1 + SOAK_GROWTH.limit) + SOAK_GROWTH.plus).toFixed(0)})`);
  console.log(`after cycle 1 → after cycle ${CYCLES} of ${steps.length} pages:\n  ${said.join('\n  ')}`);
  for (const i of watched.keys()) {
    expect(withinSoakGrowth(warm[i]!, end[i]!), `${said[i]}: within ${SOAK_GROWTH.limit * 100}% + ${SOAK_GROWTH.plus} MiB of after the first cycle`).toBe(true);
  }
});
