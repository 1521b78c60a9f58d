import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretStore } from './createSecretStore';

// These tests never touch a real keychain: they point D-Bus at places where no keychain answers, in child
// processes (the keychain library reads DBUS_SESSION_BUS_ADDRESS when it connects, and a child can exit
// even with a thread stuck in D-Bus). D-Bus is Linux's; elsewhere they are skipped.
const PROBE = fileURLToPath(new URL('./testing/secretStoreProbe.ts', import.meta.url));
const onLinux = process.platform === 'linux';

interface ProbeLine {
  op: string;
  /** A timer of the probe's main thread fired while the call was still waiting. */
  timerRanWhileWaiting: boolean;
  /** What the store logged during the call. */
  said: string[];
  ok: boolean;
  mode: string;
  value?: unknown;
  error?: { name: string; shortMessage: string; code?: string; details?: string; nodeSaid?: string };
}

/**
 * Runs the probe with D-Bus at `busAddress` and resolves one line per op. The child is then killed: a thread
 * stuck on a silent bus keeps a Node process from exiting at all (see createKeychainBridge).
 */
function probe(busAddress: string, timeoutMs: number, ops: string[], env: NodeJS.ProcessEnv = {}): Promise<ProbeLine[]> {
  const child = spawn(process.execPath, ['--import', 'tsx', PROBE, String(timeoutMs), ...ops], {
    env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: busAddress, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const parse = () => out.trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as ProbeLine);
    const done = (error?: Error) => {
      clearTimeout(guard);
      child.kill('SIGKILL');
      if (error) reject(error);
      else resolve(parse());
    };
    const guard = setTimeout(() => done(new Error(`the probe did not answer in time: ${out}`)), 20_000);
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.split('\n').length > ops.length) done();
    });
    child.on('exit', () => done(out.split('\n').length > ops.length ? undefined : new Error(`the probe exited early: ${out}`)));
  });
}

describe.skipIf(!onLinux)('secret store when no keychain answers', () => {
  let dir: string;
  let silent: net.Server;
  let silentAddress: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-keychain-'));
    // A "bus" that accepts connections and never says a word: a hung daemon, as seen by the keychain library.
    silentAddress = `unix:path=${path.join(dir, 'silent.sock')}`;
    silent = net.createServer((socket) => socket.on('data', () => {}));
    await new Promise<void>((resolve) => silent.listen(path.join(dir, 'silent.sock'), resolve));
  });
  afterAll(() => {
    silent.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers "No keychain answered within 3 s" from its own timeout, with the main thread running meanwhile', async () => {
    const lines = await probe(silentAddress, 3000, ['status']);
    const [line] = lines;
    expect(line).toMatchObject({
      op: 'status',
      ok: false,
      error: { name: 'KeychainUnavailableError', code: 'KEYCHAIN_UNAVAILABLE', shortMessage: 'No keychain answered within 3 s' },
    });
    expect(line?.error?.details).toContain('Unlock the “Login” keyring');
    expect(line?.error?.details).toContain('gnome-keyring');
    expect(line?.timerRanWhileWaiting, 'the event loop ran while the keychain did not answer').toBe(true);
  });

  it('fails the next calls at once while the stuck call is still waiting, instead of piling up', async () => {
    const lines = await probe(silentAddress, 1000, ['get', 'set', 'delete']);
    expect(lines.map((l) => [l.op, l.ok, l.error?.shortMessage])).toEqual([
      ['get', false, 'No keychain answered within 1 s'],
      ['set', false, 'No keychain answered within 1 s'],
      ['delete', false, 'No keychain answered within 1 s'],
    ]);
    // Refused because of the stuck call (a call queued behind it would have waited its own timeout and said only that).
    expect(lines[1]?.error?.details).toMatch(/^An earlier keychain request is still waiting for an answer\./);
    expect(lines[2]?.error?.details).toMatch(/^An earlier keychain request is still waiting for an answer\./);
  });

  it('as the app runs it, keeps keys in memory for the run when no keychain can be reached, and says which', async () => {
    const nowhere = `unix:path=${path.join(dir, 'nothing-here.sock')}`;
    const lines = await probe(nowhere, 3000, ['get', 'set', 'get', 'status', 'delete', 'get'], { PROBE_MEMORY_FALLBACK: '1' });
    expect(lines.map((l) => [l.op, l.ok, l.mode, l.value])).toEqual([
      ['get', true, 'memory', null],
      ['set', true, 'memory', null],
      ['get', true, 'memory', { apiKey: 'probe-key-0123456789' }],
      ['status', true, 'memory', { configured: true, hint: 'prob…6789' }],
      ['delete', true, 'memory', true],
      ['get', true, 'memory', null],
    ]);
    // Decided because nothing could be reached, not after waiting out the timeout.
    expect(lines[0]!.said).toEqual([expect.stringMatching(/^secrets: no keychain could be reached \(The system keychain could not be reached\); keys are kept in memory/)]);
  });

  it('keeps keys in memory too when the keychain hangs on the first call (after the timeout)', async () => {
    const lines = await probe(silentAddress, 1000, ['set', 'get'], { PROBE_MEMORY_FALLBACK: '1' });
    expect(lines.map((l) => [l.op, l.ok, l.mode])).toEqual([
      ['set', true, 'memory'],
      ['get', true, 'memory'],
    ]);
    expect(lines[0]!.said).toEqual([expect.stringMatching(/^secrets: no keychain could be reached \(No keychain answered within 1 s\)/)]);
  });

  it('says the keychain cannot be reached, at once, when the bus address leads nowhere', async () => {
    const lines = await probe(`unix:path=${path.join(dir, 'nothing-here.sock')}`, 3000, ['status']);
    expect(lines[0]).toMatchObject({
      ok: false,
      error: { name: 'KeychainUnavailableError', shortMessage: 'The system keychain could not be reached' },
    });
    expect(lines[0]?.error?.nodeSaid).toMatch(/No such file or directory/);
  });

  it.skipIf(!hasDbusDaemon())('times out on a real bus that loses every reply', async () => {
    // The bus's policy lets calls out but no answer back in: the library waits on the reply, as on a hung daemon.
    const bus = startBareBus(dir, '<allow send_destination="*"/><allow own="*"/>');
    try {
      const [line] = await probe(bus.address, 1000, ['status']);
      expect(line).toMatchObject({ ok: false, error: { name: 'KeychainUnavailableError', shortMessage: 'No keychain answered within 1 s' } });
    } finally {
      process.kill(bus.pid);
    }
  });

  it.skipIf(!hasDbusDaemon())('says the keychain cannot be reached on a bus where no Secret Service runs', async () => {
    const bus = startBareBus(dir, '<allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/>');
    try {
      const lines = await probe(bus.address, 3000, ['set', 'get']);
      for (const line of lines) {
        expect(line).toMatchObject({ ok: false, error: { name: 'KeychainUnavailableError', shortMessage: 'The system keychain could not be reached' } });
        expect(line.error?.nodeSaid).toContain('org.freedesktop.secrets');
      }
    } finally {
      process.kill(bus.pid);
    }
  });
});

describe('secret store when the keychain module cannot load', () => {
  it('rejects every call with a clear error instead of crashing', async () => {
    const store = createSecretStore({ modulePath: '/nonexistent/keyring.node', timeoutMs: 5000 });
    const error = await store.status('hosted').catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'KeychainUnavailableError', shortMessage: 'The keychain module could not be loaded' });
    await store.close();
  });
});

function hasDbusDaemon(): boolean {
  try {
    execFileSync('dbus-daemon', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** A private session bus with no service files (nothing can activate org.freedesktop.secrets) and `policy`. */
function startBareBus(dir: string, policy: string): { address: string; pid: number } {
  const config = path.join(dir, `bus-${Date.now()}.conf`);
  fs.writeFileSync(
    config,
    `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN" "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:dir=${dir}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">${policy}</policy>
</busconfig>
`,
  );
  const [address = '', pid = ''] = execFileSync('dbus-daemon', [`--config-file=${config}`, '--fork', '--print-address=1', '--print-pid=1'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  })
    .trim()
    .split('\n');
  return { address, pid: Number(pid) };
}
