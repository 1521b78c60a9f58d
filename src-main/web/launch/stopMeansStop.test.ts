import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { commandLine, descendants, environment, isAlive, keyringDaemonsOn, waitUntil } from '../../../test-support/processTree';
import { canStartKeyringSession } from '../../../test-support/ownKeyringSession';
import { seededDataDir } from '../../services/sandbox/testing/seededDataDir';
import { sharedSandbox } from '../../services/rpc/testing/sharedSandbox';

// Stop means stop: SIGINT or SIGTERM to the launcher (`npm run serve`, the process npm runs, and the run in a
// private keychain) ends everything it started: web host, sandbox, Anvil, and the private D-Bus bus and
// keyring daemon. Real processes, seen through /proc.

const shared = sharedSandbox();
const running: ChildProcess[] = [];
const folders: string[] = [];
afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Starts a launcher on a copy of the seeded chain and waits until its sandbox runs; answers its process tree. */
async function startLauncher(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; tree: number[]; exited: Promise<void>; dataDir: string }> {
  const dataDir = seededDataDir(shared.seedDir, 'blockglass-stop-');
  folders.push(dataDir);
  const child = spawn(command, [...args, '--port', '0', '--data', dataDir, '--no-open', '--json'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.push(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stderr = '';
  const sandboxRunning = new Promise<void>((resolve, reject) => {
    readline.createInterface({ input: child.stderr! }).on('line', (line) => {
      stderr += `${line}\n`;
      if (/sandbox: running at/.test(line)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the launcher exited (${code}) before its sandbox ran:\n${stderr}`)));
  });
  await sandboxRunning;
  const tree = descendants(child.pid!);
  // The private keyring daemon leaves the tree (it daemonizes): find it by the private bus address.
  const bus = tree.flatMap((pid) => environment(pid)).find((line) => line.startsWith('DBUS_SESSION_BUS_ADDRESS='));
  const daemons = bus && env.DBUS_SESSION_BUS_ADDRESS === undefined ? keyringDaemonsOn(bus) : [];
  return { child, tree: [child.pid!, ...tree, ...daemons], exited, dataDir };
}

function withoutKeychain(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.DBUS_SESSION_BUS_ADDRESS;
  delete env.BLOCKGLASS_KEYRING_SESSION;
  return env;
}

/** The launcher exits only once everything it started has (a moment for the kernel to reap), the chain saved in order. */
async function expectAllGone(tree: number[], exited: Promise<void>, dataDir: string) {
  await exited;
  await waitUntil(() => tree.every((pid) => !isAlive(pid)), 'every process the launcher started to end', 2_000);
  // The sandbox turned Anvil's last dump into its snapshot (no dump left): it stopped in order, not killed mid-way.
  expect(fs.readdirSync(path.join(dataDir, 'sandbox', 'chain')).sort()).toEqual(['anvil-state.json', 'contract-metadata.json', 'manifest.json', 'seeded-state.json']);
}

describe.skipIf(!canStartKeyringSession())('stopping a launcher that runs in a private keychain', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('%s to `node scripts/serve.mjs` ends the web host, sandbox, Anvil, the bus and the keyring daemon', { timeout: 90_000 }, async (signal) => {
    const { child, tree, exited, dataDir } = await startLauncher(process.execPath, ['scripts/serve.mjs'], withoutKeychain());
    const names = tree.map((pid) => commandLine(pid));
    for (const part of ['dbus-run-session', 'dbus-daemon', 'gnome-keyring-daemon', 'scripts/serve.mjs', 'out/sandbox/cli.mjs', '/anvil ']) {
      expect(names.some((name) => name.includes(part)), `${part} in ${names.join(' | ')}`).toBe(true);
    }
    child.kill(signal);
    await expectAllGone(tree, exited, dataDir);
  });
});

describe('stopping `npm run serve`', () => {
  it('SIGTERM to the npm process ends the web host, the sandbox and Anvil', { timeout: 90_000 }, async () => {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const { child, tree, exited, dataDir } = await startLauncher(npm, ['run', '-s', 'serve', '--'], { ...process.env });
    expect(tree.some((pid) => commandLine(pid).includes('/anvil '))).toBe(true);
    child.kill('SIGTERM');
    await expectAllGone(tree, exited, dataDir);
  });
});
