import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { SAVED_CHAIN_FILES } from '../test-support/savedChainFiles';
import { e2eSandboxDir } from './sandbox';
import { test as base, type Page } from '@playwright/test';

/** A running app (web host + its own sandbox) in a data folder of its own, with everything it logged. */
export interface RunningApp {
  url: string;
  dataDir: string;
  /** Everything the web host (and the sandbox it runs) wrote to stdout and stderr so far. */
  logs(): string;
  /** Stops the app (SIGTERM: it saves and closes everything) and resolves once it exited; safe to call twice. */
  stop(): Promise<void>;
}

/**
 * Each journey gets a fresh app: `npm run serve -- --port 0 --data <tmp> --no-open --json`, started the
 * way a person does (through tsx directly, so signals reach it). Its sandbox starts from a copy of the
 * e2e sandbox's seeded chain, so no journey waits for a seed. Stopped with SIGTERM afterwards.
 */
/**
 * Starts the app the way a person does: `npm run serve -- --port 0 --data <tmp> --no-open --json` (the
 * script node runs, directly, so signals reach it), in a data folder of its own holding a copy of the e2e
 * sandbox's seeded chain, so no journey waits for a seed. `env` replaces the environment it runs in.
 */
export async function launchApp(env: NodeJS.ProcessEnv = process.env): Promise<RunningApp & { pid: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-e2e-app-'));
  const seeded = path.join(e2eSandboxDir(), 'chain');
  const chain = path.join(dataDir, 'sandbox', 'chain');
  fs.mkdirSync(chain, { recursive: true });
  for (const file of SAVED_CHAIN_FILES) if (fs.existsSync(path.join(seeded, file))) fs.copyFileSync(path.join(seeded, file), path.join(chain, file));

  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['scripts/serve.mjs', '--port', '0', '--data', dataDir, '--no-open', '--json'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
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
  return { url, dataDir, pid: child.pid!, logs: () => output, stop };
}

/** Each journey gets a fresh app (see {@link launchApp}), stopped with SIGTERM afterwards. */
export const test = base.extend<{ app: RunningApp }>({
  // Playwright requires the fixture's first parameter to be an object pattern, even an empty one.
  // eslint-disable-next-line no-empty-pattern
  app: async ({}, use) => {
    const app = await launchApp();
    await use(app);
    await app.stop();
    // A sandbox stopped while it was still starting (a journey shorter than its start) may be finishing a
    // write in its chain folder for a moment after the app exited: removal retries on ENOTEMPTY.
    fs.rmSync(app.dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  },
});

export { expect } from '@playwright/test';

/** The head block number the status dot announces, or undefined while there is none. */
export async function announcedHead(page: Page): Promise<number | undefined> {
  const label = await page.getByRole('img', { name: /^Connected to / }).getAttribute('aria-label').catch(() => null);
  const match = label ? /block ([\d,]+)/.exec(label) : null;
  return match ? Number(match[1]!.replaceAll(',', '')) : undefined;
}
