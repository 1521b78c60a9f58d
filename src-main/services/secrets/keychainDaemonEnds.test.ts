import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The keyring daemon ends in the middle of a call (gnome-keyring aborts when a client vanishes while it opens a
// session; systemd or D-Bus activation starts another): the call is answered by the next daemon, not failed.
// Real parts: a keyring session of its own (scripts/keyring-session.sh, never the suite's), its gnome-keyring
// daemon stopped, the call seen on the bus by dbus-monitor, then the daemon killed.
const PROBE = fileURLToPath(new URL('./testing/daemonEndsProbe.ts', import.meta.url));
const onPath = (command: string) => (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && fs.existsSync(path.join(dir, command)));
const canRun = process.platform === 'linux' && ['dbus-run-session', 'dbus-monitor', 'gnome-keyring-daemon'].every(onPath);

describe.skipIf(!canRun)('a keychain call whose keyring daemon ends', () => {
  it('is answered by the daemon started in its place', { timeout: 60_000 }, async () => {
    const env = { ...process.env };
    delete env.BLOCKGLASS_KEYRING_SESSION;
    delete env.DBUS_SESSION_BUS_ADDRESS;
    const child = spawn('bash', ['scripts/keyring-session.sh', process.execPath, '--import', 'tsx', PROBE], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGTERM'), 45_000);
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    clearTimeout(timer);
    expect(code, stderr).toBe(0);
    const result = JSON.parse(stdout.trim()) as { ok: boolean; value?: { apiKey: string }; error?: string; first: number[]; now: number[] };
    expect(result.first.length, stderr).toBeGreaterThan(0);
    // The daemon did end mid-call (the session says how), and another answers now.
    expect(stderr).toMatch(/the keyring daemon was killed by signal 9/);
    expect(result.now.some((pid) => result.first.includes(pid))).toBe(false);
    expect(result, stderr).toMatchObject({ ok: true, value: { apiKey: 'answered-by-the-next-daemon' } });
  });
});
