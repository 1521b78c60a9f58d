import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import readline from 'node:readline';
import { buildSandbox } from '../scripts/build.mjs';
import { SANDBOX_NODE_FLAGS } from '../src-main/services/sandbox/sandboxNodeFlags';
import { copySeededSandbox, ensureSeededSandbox } from '../test-support/seededSandbox';
import { e2eSandboxDir } from './sandbox';

/**
 * Starts the sandbox the way a person does (`npm run sandbox -- --json`, here the bundle directly so
 * signals reach it), on a fresh copy of the seeded data folder (seeded first if this seeder version has none),
 * and hands its ready line to the journeys through E2E_SANDBOX.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const seeded = await ensureSeededSandbox((line) => process.stderr.write(`[seed] ${line}\n`));
  const dataDir = e2eSandboxDir();
  fs.rmSync(dataDir, { recursive: true, force: true });
  copySeededSandbox(seeded, dataDir);
  const key = `e2e${crypto.randomBytes(8).toString('hex')}`;
  const secret = crypto.randomBytes(12).toString('hex');
  // The sandbox runs as the app runs it: bundled, under plain node (fresh from the sources: 0.1 s). It keeps every
  // live block's state for the run (a person's keeps its latest 128): journeys read history over the whole chain.
  const bundle = await buildSandbox();
  const child = spawn(
    process.execPath,
    [...SANDBOX_NODE_FLAGS, bundle, '--json', '--port', '0', '--data', dataDir, '--key', key, '--secret', secret, '--live-states', '4096'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const ready = await new Promise<string>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`sandbox exited with code ${code} before it was ready`)));
  });
  process.env.E2E_SANDBOX = ready;
  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
