import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SandboxStatus } from '../../../src-shared/api/sandbox';
import type { Credential } from '../secrets/credential';
import { createSandboxLauncher, type SandboxLauncher } from './createSandboxLauncher';
import { sharedSandbox } from '../rpc/testing/sharedSandbox';
import { seededDataDir } from './testing/seededDataDir';

// A sandbox that cannot start for a reason a restart will not cure says so ("could not start: <reason>",
// with what to do) and is not restarted in a loop; "crashed" is only for one that was running.

const shared = sharedSandbox();
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Keys in this process's memory: the app's own fallback when no keychain can be reached. */
function memorySecrets() {
  const map = new Map<string, Credential>();
  return { get: async (id: string) => map.get(id), set: async (id: string, credential: Credential) => void map.set(id, credential) };
}

function launch(dataDir: string, extraArgs: string[] = []): { launcher: SandboxLauncher; states: SandboxStatus['state'][] } {
  const launcher = createSandboxLauncher({ dataDir, secrets: memorySecrets(), projectRoot: process.cwd(), restartBackoffMs: [50], extraArgs });
  const states: SandboxStatus['state'][] = [];
  launcher.onStatus((status) => states.push(status.state));
  cleanups.push(() => launcher.stop());
  return { launcher, states };
}

/**
 * Nothing to await when nothing is meant to happen: a restart would set its first state 50 ms after the failure
 * (restartBackoffMs), so a window twelve times that with no new state is the check.
 */
const noRestartWithin = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a sandbox that cannot start', () => {
  it('with an unwritable data folder says so, with what to do, and is not restarted', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-start-failure-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'a-file');
    fs.writeFileSync(file, '');
    const { launcher, states } = launch(path.join(file, 'data')); // a folder inside a regular file cannot be made, even by root
    const status = await launcher.start();
    expect(status).toMatchObject({ state: 'failed', retrying: false, lastError: { shortMessage: 'Could not start: its data folder cannot be written' } });
    expect(status.lastError?.details).toMatch(/^Check that the app data folder is writable/);
    await noRestartWithin(600);
    expect(states).toEqual(['starting', 'failed']);
  });

  it('on a port another program holds says so and is not restarted', { timeout: 60_000 }, async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const port = (server.address() as net.AddressInfo).port;
    const dataDir = seededDataDir(shared.seedDir, 'blockglass-port-taken-');
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const { launcher, states } = launch(dataDir, ['--port', String(port), '--block-time', '0']);
    const status = await launcher.start();
    expect(status).toMatchObject({ state: 'failed', retrying: false, lastError: { shortMessage: 'Could not start: its port is taken by another program' } });
    await noRestartWithin(600);
    expect(states).toEqual(['starting', 'failed']);
  });
});
