import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { commandLine, processesNaming } from '../test-support/processTree';
import { copySeededSandbox, seededSandboxDir } from '../test-support/seededSandbox';
import { expect, test as base, type Page, type TestInfo } from '@playwright/test';

/** A running app (web host + its own sandbox) in a data folder of its own, with everything it logged. */
export interface RunningApp {
  url: string;
  dataDir: string;
  /** The keychain service it keeps its keys under: its own, so apps side by side never share keys. */
  keychainService: string;
  /** Everything the web host (and the sandbox it runs) wrote to stdout and stderr so far. */
  logs(): string;
  /** Stops the app (SIGTERM: it saves and closes everything) and resolves once it exited; safe to call twice. */
  stop(): Promise<void>;
}

/**
 * Starts the app the way a person does: `npm run serve -- --port 0 --data <tmp> --no-open --json` (the
 * script node runs, directly, so signals reach it), in a data folder of its own holding a copy of the seeded
 * chain and content store (test-support/seededSandbox.ts), so no journey waits for a seed. `env` replaces the
 * environment it runs in; `serveArgs` come after the usual flags, and a later flag wins (`--sandbox-live-blocks 64`).
 */
export async function launchApp(env: NodeJS.ProcessEnv = process.env, serveArgs: readonly string[] = []): Promise<RunningApp & { pid: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-e2e-app-'));
  copySeededSandbox(seededSandboxDir(), path.join(dataDir, 'sandbox'));

  let output = '';
  const keychainService = env.BLOCKGLASS_KEYCHAIN_SERVICE ?? `blockglass-e2e-${path.basename(dataDir)}`;
  // Every live block's state kept while the app runs (a journey run mines a few hundred): journeys read history over
  // the whole chain, which a person's sandbox keeps for its seeded and latest 128 blocks only (src-sandbox/sandbox.ts);
  // and every live block, so the live node is not renewed under a journey (src-sandbox/liveNode.ts: a renewal would
  // save and reload those thousands of states; its own test is src-sandbox/liveNodeRenewal.test.ts).
  const child: ChildProcess = spawn(process.execPath, ['scripts/serve.mjs', '--port', '0', '--data', dataDir, '--no-open', '--json', '--sandbox-live-states', '4096', '--sandbox-live-blocks', '1000000', ...serveArgs], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...env, BLOCKGLASS_KEYCHAIN_SERVICE: keychainService },
  });
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.once('line', (line) => resolve((JSON.parse(line) as { url: string }).url));
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${output}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return { url, dataDir, keychainService, pid: child.pid!, logs: () => output, stop };
}

/** A journey that failed shows what its app said: attached whole, and its last lines in the run's output. */
async function showLogIfFailed(app: Pick<RunningApp, 'logs'>, testInfo: TestInfo): Promise<void> {
  if (testInfo.status === testInfo.expectedStatus) return;
  await testInfo.attach('app log', { body: app.logs(), contentType: 'text/plain' });
  process.stderr.write(`[app log of “${testInfo.title}”, last lines]\n${app.logs().split('\n').slice(-25).join('\n')}\n`);
}

/** Stops an app and removes its data folder. */
async function disposeApp(app: RunningApp): Promise<void> {
  await app.stop();
  // A process that outlived the app and still works in its folder (an Anvil saving its chain, when its sandbox was
  // killed while starting) would write into it as it is removed (ENOTEMPTY): wait for it to end, and name it if not.
  await expect.poll(() => processesNaming(app.dataDir).map(commandLine), { message: `processes still at work in ${app.dataDir}`, timeout: 60_000 }).toEqual([]);
  fs.rmSync(app.dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
}

/**
 * `app`: a fresh app for the journey (see {@link launchApp}), for journeys that change what the app keeps (networks,
 * keys, settings, saved work, content) or stop and kill parts of it. `readOnlyApp`: one app per Playwright worker,
 * shared by the journeys that only read the chain and the content store and keep nothing a later journey would see
 * (each such journey takes it as `{ readOnlyApp: app }`); starting an app (its web host and sandbox restoring the
 * chain) is most of a short journey's time.
 */
export const test = base.extend<{ app: RunningApp; launch: typeof launchApp }, { readOnlyApp: RunningApp }>({
  // Playwright requires the fixture's first parameter to be an object pattern, even an empty one.
  // eslint-disable-next-line no-empty-pattern
  app: async ({}, use, testInfo) => {
    const app = await launchApp();
    await use(app);
    await disposeApp(app);
    await showLogIfFailed(app, testInfo);
  },
  // `launch`: for a journey that starts its app its own way (another environment, other flags); each app it started
  // is stopped and removed after it, and its log shown if it failed.
  // eslint-disable-next-line no-empty-pattern
  launch: async ({}, use, testInfo) => {
    const started: RunningApp[] = [];
    await use(async (...args) => {
      const app = await launchApp(...args);
      started.push(app);
      return app;
    });
    for (const app of started) {
      await disposeApp(app);
      await showLogIfFailed(app, testInfo);
    }
  },
  readOnlyApp: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const app = await launchApp();
      await use(app);
      await disposeApp(app);
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

export { expect };

/** The head block number the status dot announces, or undefined while there is none. */
export async function announcedHead(page: Page): Promise<number | undefined> {
  const label = await page.getByRole('img', { name: /^Connected to / }).getAttribute('aria-label').catch(() => null);
  const match = label ? /block ([\d,]+)/.exec(label) : null;
  return match ? Number(match[1]!.replaceAll(',', '')) : undefined;
}
