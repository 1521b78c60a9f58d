import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedSandbox } from '../rpc/testing/sharedSandbox';
import type { SandboxStatus } from '../../../src-shared/api/sandbox';
import { createSecretStore, type SecretStore } from '../secrets/createSecretStore';
import { describeWithKeychain } from '../secrets/testing/keyringSession';
import { createSandboxLauncher, type SandboxLauncher } from './createSandboxLauncher';
import { nodeClient } from '../../../test-support/nodeClient';
import { commandLine, descendants, environment, isAlive, processesNaming, waitUntil } from '../../../test-support/processTree';
import { postJsonRpc } from '../../../test-support/rawJsonRpc';
import { seededDataDir } from './testing/seededDataDir';

const shared = sharedSandbox();
const projectRoot = process.cwd();
const seeded = shared.manifest.seededToBlock;

/** The hash of block `number` as the sandbox at `url` answers it. */
async function blockHash(url: string, number: bigint): Promise<string> {
  return (await nodeClient(url).getBlock({ blockNumber: number })).hash;
}

/** This test process's sandbox processes for `dataDir`: the sandbox itself (not its guard) and its Anvil. */
function sandboxProcesses(dataDir: string): { sandbox: number[]; anvil: number[]; all: number[] } {
  const all = descendants(process.pid);
  const sandbox = all.filter((pid) => commandLine(pid).includes('out/sandbox/cli.mjs') && commandLine(pid).includes(dataDir) && !commandLine(pid).startsWith('/bin/sh'));
  const anvil = sandbox.flatMap((pid) => descendants(pid)).filter((pid) => /anvil/.test(commandLine(pid)));
  const guards = all.filter((pid) => commandLine(pid).startsWith('/bin/sh') && commandLine(pid).includes(dataDir));
  return { sandbox, anvil, all: [...guards, ...sandbox, ...sandbox.flatMap((pid) => descendants(pid))] };
}

describeWithKeychain('sandbox launcher with real sandbox processes and the real keychain', () => {
  let secrets: SecretStore;
  let dataDir: string;
  let launcher: SandboxLauncher;
  const states: SandboxStatus['state'][] = [];
  const logs: string[] = [];

  beforeAll(() => {
    secrets = createSecretStore({ service: `blockglass-test-${crypto.randomBytes(4).toString('hex')}` });
    dataDir = seededDataDir(shared.seedDir, 'blockglass-launcher-');
    launcher = createSandboxLauncher({ dataDir, secrets, projectRoot, restartBackoffMs: [300], extraArgs: ['--block-time', '1', '--live-states', '16'], log: (line) => logs.push(line) });
    launcher.onStatus((status) => states.push(status.state));
  });
  afterAll(async () => {
    await launcher.stop();
    await secrets.delete('local');
    await secrets.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('first start makes a key, keeps it in the keychain, and the sandbox answers with it', async () => {
    expect(await secrets.get('local')).toBeUndefined();
    const status = await launcher.start();
    expect(states).toEqual(['starting', 'running']);
    expect(status).toMatchObject({ state: 'running', restarts: 0, seededToBlock: seeded });
    expect(status.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(status.demoContentCid).toMatch(/^Qm/);
    expect(status.liveStatesKept, 'the window it was started with, as its ready line says').toBe(16);
    expect(status.since).toBeGreaterThan(0);

    const credential = await secrets.get('local');
    expect(credential?.apiKey).toMatch(/^[0-9a-f]{32}$/);
    expect(credential?.apiSecret).toMatch(/^[0-9a-f]{48}$/);
    const key = credential!.apiKey;

    const addresses = launcher.addresses()!;
    expect(addresses.rpcUrl).toBe(`${status.origin}/local/v3/`);
    expect(JSON.stringify([addresses, launcher.status()])).not.toContain(key);
    expect(await nodeClient(`${addresses.rpcUrl}${key}`).getChainId()).toBe(31337);
    expect((await postJsonRpc(`${addresses.rpcUrl}not-the-key`, { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] })).status).toBe(401);

    // The key reaches the sandbox through its environment, never its command line (readable by every user).
    const { sandbox } = sandboxProcesses(dataDir);
    expect(sandbox).toHaveLength(1);
    expect(commandLine(sandbox[0]!)).not.toContain(key);
    expect(environment(sandbox[0]!)).toContain(`BLOCKGLASS_SANDBOX_KEY=${key}`);
    // ...and only the sandbox: not its guard, not Anvil, not Anvil's guard (their environments, from /proc).
    const { all } = sandboxProcesses(dataDir);
    const others = all.filter((pid) => pid !== sandbox[0]);
    expect(others.length).toBeGreaterThanOrEqual(3);
    for (const pid of others) {
      const env = environment(pid).join('\n');
      expect(env, commandLine(pid)).not.toContain(key);
      expect(env, commandLine(pid)).not.toContain(credential!.apiSecret!);
    }
    expect(logs.join('\n')).not.toContain(key);
  });

  it('restarts a sandbox killed with SIGKILL: crashed, restarting, running, same key, same chain', async () => {
    const before = launcher.status();
    const key = (await secrets.get('local'))!.apiKey;
    const url = () => `${launcher.addresses()!.rpcUrl}${key}`;
    const block = BigInt(seeded - 10);
    const hashBefore = await blockHash(url(), block);
    const { sandbox, anvil } = sandboxProcesses(dataDir);
    expect(sandbox).toHaveLength(1);
    expect(anvil.length).toBeGreaterThan(0);
    states.length = 0;

    process.kill(sandbox[0]!, 'SIGKILL');
    await waitUntil(() => states.includes('running'), 'the sandbox to run again', 60_000);
    expect(states).toEqual(['crashed', 'restarting', 'running']);
    const after = launcher.status();
    expect(after).toMatchObject({ state: 'running', restarts: 1, lastError: { name: 'SandboxCrashedError', code: 'SANDBOX_CRASHED' } });
    expect(after.origin).toBe(before.origin); // the same port again: open views keep their addresses
    for (const pid of [...sandbox, ...anvil]) await waitUntil(() => !isAlive(pid), `old process ${pid} to be gone`, 10_000);

    expect((await secrets.get('local'))!.apiKey).toBe(key);
    expect(await nodeClient(url()).getChainId()).toBe(31337);
    expect(await blockHash(url(), block)).toBe(hashBefore);
    expect(logs.join('\n')).not.toContain(key);
  });

  it('stop leaves no sandbox and no Anvil process', async () => {
    const { all, sandbox, anvil } = sandboxProcesses(dataDir);
    expect(sandbox).toHaveLength(1);
    expect(anvil.length).toBeGreaterThan(0);
    await launcher.stop();
    expect(launcher.status().state).toBe('stopped');
    expect(launcher.addresses()).toBeUndefined();
    for (const pid of all) await waitUntil(() => !isAlive(pid), `process ${pid} (${commandLine(pid)}) to be gone`, 10_000);
    expect(sandboxProcesses(dataDir).all).toEqual([]);
  });
});

describeWithKeychain('sandbox launcher stopped while its sandbox starts', () => {
  it('lets the sandbox finish restoring its chain, save it and stop its Anvil: nothing is left at work in its folder', async () => {
    const secrets = createSecretStore({ service: `blockglass-test-${crypto.randomBytes(4).toString('hex')}` });
    const dataDir = seededDataDir(shared.seedDir, 'blockglass-launcher-stop-');
    const logs: string[] = [];
    const launcher = createSandboxLauncher({ dataDir, secrets, projectRoot, extraArgs: ['--block-time', '1'], log: (line) => logs.push(line) });
    try {
      const starting = launcher.start().catch(() => undefined);
      // Its Anvil is restoring the chain: the start is under way, not yet ready.
      await waitUntil(() => processesNaming(dataDir).some((pid) => /anvil/.test(commandLine(pid))), 'an Anvil restoring the chain', 30_000);
      expect(launcher.status().state).toBe('starting');
      await launcher.stop();
      await starting;
      expect(launcher.status().state).toBe('stopped');
      expect(processesNaming(dataDir).map(commandLine), 'processes still at work in the folder once stop resolved').toEqual([]);
      expect(logs.join('\n'), 'it stopped in order, not killed').toContain('stopping (saving the chain)');
    } finally {
      await launcher.stop();
      await secrets.delete('local');
      await secrets.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

describe('sandbox launcher inside an app process that ends', () => {
  const host = path.join(projectRoot, 'src-main/services/sandbox/testing/launcherHost.ts');

  /** Every process of the sandbox started for `dataDir`, found anywhere (the app that started it may be gone). */
  const everywhere = (dataDir: string) => {
    const pids = fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry)).map(Number);
    const sandbox = pids.filter((pid) => commandLine(pid).includes('out/sandbox/cli.mjs') && commandLine(pid).includes(dataDir));
    return [...sandbox, ...sandbox.flatMap((pid) => descendants(pid))];
  };

  async function runHost(mode: 'exit' | 'hang') {
    const dataDir = seededDataDir(shared.seedDir, 'blockglass-host-');
    const app = spawn(process.execPath, ['--import', 'tsx', host, dataDir, mode], { cwd: projectRoot, stdio: ['pipe', 'pipe', 'inherit'] });
    const exited = new Promise((resolve) => app.once('exit', resolve));
    let out = '';
    app.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    await waitUntil(() => out.includes('running'), 'the app to report a running sandbox', 60_000);
    const found = everywhere(dataDir);
    expect(found.length).toBeGreaterThanOrEqual(2); // guard, sandbox, Anvil's guard, Anvil
    return { app, dataDir, exited, found };
  }

  it('kills the sandbox when the app exits without stopping it (exit fallback)', async () => {
    const { app, dataDir, exited, found } = await runHost('exit');
    try {
      app.stdin.end('exit\n');
      await exited;
      for (const pid of found) await waitUntil(() => !isAlive(pid), `process ${pid} to be gone`, 15_000);
    } finally {
      for (const pid of everywhere(dataDir)) process.kill(pid, 'SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);

  it('stops the sandbox when the app itself is killed with SIGKILL (the guard)', async () => {
    const { app, dataDir, found } = await runHost('hang');
    app.kill('SIGKILL');
    try {
      for (const pid of found) await waitUntil(() => !isAlive(pid), `process ${pid} (${commandLine(pid)}) to be gone`, 20_000);
    } finally {
      for (const pid of everywhere(dataDir)) process.kill(pid, 'SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
