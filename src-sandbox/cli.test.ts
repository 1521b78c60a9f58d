import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { copySeededSandbox } from '../test-support/seededSandbox';
import { commandLine, descendants, environment, isAlive, waitUntil } from '../test-support/processTree';
import { LIVE_BLOCKS_KEPT, LIVE_STATES_KEPT } from './sandbox';
import { rpcResult } from './testing/rawRpc';

// The sandbox command as a person runs it: flags, the ready line, a restart that keeps the chain,
// and no Anvil left behind whichever way the command ends.

const shared = inject('sandbox');
const running: ChildProcess[] = [];
afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

/** A data folder holding a copy of the seeded chain, so this test restores instead of seeding. */
function seededDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-cli-'));
  copySeededSandbox(shared.seedDir, dir);
  return dir;
}

/** The CLI as `npm run sandbox` runs it: the bundle of this very source (vitest.build-setup.ts makes it). */
const CLI = 'out/sandbox/cli.mjs';

function runCli(args: string[]) {
  return spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 30_000 });
}

async function startCli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ child: ChildProcess; ready: Record<string, unknown>; stdoutLines: string[] }> {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  running.push(child);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const stdoutLines: string[] = [];
  const first = await new Promise<string>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      stdoutLines.push(line);
      if (stdoutLines.length === 1) resolve(line);
    });
    child.once('exit', (code) => reject(new Error(`sandbox exited with ${code}: ${stderr}`)));
  });
  return { child, ready: JSON.parse(first) as Record<string, unknown>, stdoutLines };
}

function anvilUnder(pid: number): number[] {
  return descendants(pid).filter((child) => /\/anvil\s/.test(commandLine(child)) && !commandLine(child).startsWith('/bin/sh'));
}

describe('sandbox command line', () => {
  it.each([
    [['--port', 'abc'], "--port must be a whole number from 0 to 65535, not 'abc'"],
    [['--port', '70000'], "--port must be a whole number from 0 to 65535, not '70000'"],
    [['--bogus'], "Unknown option '--bogus'"],
    [['--secret', 's1'], '--secret needs --key'],
    [['--key', 'bad key!'], "--key must be 1 to 128 characters of A-Z, a-z, 0-9, '-' or '_'"],
    [['--block-time', '-1'], "Option '--block-time' argument is ambiguous"],
    [['--block-time=-1'], "--block-time must be a number of seconds from 0 to 3600, not '-1'"],
    [['--block-time', 'soon'], "--block-time must be a number of seconds from 0 to 3600, not 'soon'"],
    [['extra'], "unexpected argument 'extra'"],
    [['--rate-limit', '0'], "--rate-limit must be a whole number from 1 to 10000000, not '0'"],
    [['--live-states', '0'], "--live-states must be a whole number from 1 to 100000, not '0'"],
    [['--live-states', '12k'], "--live-states must be a whole number from 1 to 100000, not '12k'"],
    [['--fast-forward', '0'], "--fast-forward must be a number of hours above 0 and at most 168 (a week), not '0'"],
    [['--fast-forward', '200'], "--fast-forward must be a number of hours above 0 and at most 168 (a week), not '200'"],
    [['--fast-forward', 'a day'], "--fast-forward must be a number of hours above 0 and at most 168 (a week), not 'a day'"],
    [['--fast-forward', '24', '--block-time', '0'], '--fast-forward mines traffic: it needs live traffic (a --block-time above 0)'],
  ])('refuses %j with a usage message and exit code 2', (args, message) => {
    const result = runCli(args);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr).toContain('usage: npm run sandbox -- [options]');
    expect(result.stdout).toBe('');
  });

  it('prints its usage with --help and exits 0', () => {
    const result = runCli(['--help']);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('--block-time S');
  });

  it('prints exactly one JSON ready line, serves it, keeps the chain across a restart, and leaves no Anvil on SIGTERM', async () => {
    const dataDir = seededDataDir();
    const args = ['--json', '--port', '0', '--key', 'k1', '--secret', 's1', '--data', dataDir, '--block-time', '1'];
    const first = await startCli(args);
    const { ready } = first;
    expect(Object.keys(ready)).toEqual(['chainId', 'rpcUrl', 'wsUrl', 'gasUrl', 'storageUrl', 'key', 'secret', 'liveStatesKept', 'liveBlocksKept']);
    const port = Number(new URL(String(ready.gasUrl)).port);
    expect(ready).toEqual({
      chainId: 31337,
      rpcUrl: `http://127.0.0.1:${port}/local/v3/k1`,
      wsUrl: `ws://127.0.0.1:${port}/local/ws/v3/k1`,
      gasUrl: `http://127.0.0.1:${port}`,
      storageUrl: `http://127.0.0.1:${port}`,
      key: 'k1',
      secret: 's1',
      // Started without --live-states: the default window.
      liveStatesKept: LIVE_STATES_KEPT,
      // Started without --live-blocks: the default history window.
      liveBlocksKept: LIVE_BLOCKS_KEPT,
    });
    const rpcUrl = String(ready.rpcUrl);
    const seeded = shared.manifest.seededToBlock;
    await waitUntil(async () => Number(await rpcResult<string>(rpcUrl, 'eth_blockNumber')) > seeded + 1, 'live blocks after the restore');
    const before = Number(await rpcResult<string>(rpcUrl, 'eth_blockNumber'));
    // Two nodes: the live one and the seeded one (every seeded block's state).
    const anvils = anvilUnder(first.child.pid!);
    expect(anvils).toHaveLength(2);

    first.child.kill('SIGTERM');
    const code = await new Promise((resolve) => first.child.once('exit', resolve));
    expect(code).toBe(0);
    expect(first.stdoutLines).toHaveLength(1);
    await waitUntil(() => anvils.every((pid) => !isAlive(pid)), 'both Anvils to exit after SIGTERM', 5000);

    const second = await startCli(args);
    const restoredUrl = String(second.ready.rpcUrl);
    const after = Number(await rpcResult<string>(restoredUrl, 'eth_blockNumber'));
    expect(after).toBeGreaterThanOrEqual(before);
    const tx = await rpcResult<{ hash: string } | null>(restoredUrl, 'eth_getTransactionByHash', [shared.manifest.transactions.swap]);
    expect(tx?.hash).toBe(shared.manifest.transactions.swap);
    second.child.kill('SIGTERM');
    await new Promise((resolve) => second.child.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 120_000);

  it('takes its key from the environment, keeping it off the command line, and leaves no Anvil behind when killed with SIGKILL', async () => {
    const dataDir = seededDataDir();
    const { child, ready } = await startCli(['--json', '--port', '0', '--data', dataDir, '--block-time', '0'], {
      BLOCKGLASS_SANDBOX_KEY: 'envkey123',
      BLOCKGLASS_SANDBOX_SECRET: 'envsecret456',
    });
    expect(ready).toMatchObject({ key: 'envkey123', secret: 'envsecret456' });
    expect(commandLine(child.pid!)).not.toContain('envkey123');
    // A key supplied on every start is kept on disk only as a hash.
    const keyFile = fs.readFileSync(path.join(dataDir, 'keys.json'), 'utf8');
    expect(keyFile).not.toContain('envkey123');
    expect(keyFile).not.toContain('envsecret456');
    const anvils = anvilUnder(child.pid!);
    expect(anvils).toHaveLength(2);
    // The key reaches the sandbox only: neither Anvil nor its guard has it in its environment.
    for (const pid of descendants(child.pid!)) {
      expect(environment(pid).join('\n'), commandLine(pid)).not.toMatch(/envkey123|envsecret456/);
    }
    child.kill('SIGKILL');
    await waitUntil(() => anvils.every((pid) => !isAlive(pid)), 'both Anvils to exit after the sandbox was killed', 10_000);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);
});

describe('sandbox command line: the live node kept states', () => {
  it('takes --live-states as the number of latest states the live node keeps, and leaves the default otherwise', async () => {
    const { parseCliArgs } = await import('./cliArgs');
    expect(parseCliArgs(['--live-states', '4096'], {}).liveStatesKept).toBe(4096);
    expect(parseCliArgs([], {}).liveStatesKept).toBeUndefined();
  });

  it('takes --live-blocks as the live blocks the live node keeps, at least 64', async () => {
    const { parseCliArgs } = await import('./cliArgs');
    expect(parseCliArgs(['--live-blocks', '8192'], {}).liveBlocksKept).toBe(8192);
    expect(parseCliArgs([], {}).liveBlocksKept).toBeUndefined();
    expect(() => parseCliArgs(['--live-blocks', '10'], {})).toThrow('--live-blocks');
  });
});
