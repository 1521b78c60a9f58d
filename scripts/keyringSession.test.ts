import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isAlive, waitUntil } from '../test-support/processTree';

// scripts/keyring-session.sh: a private bus whose keyring daemon D-Bus starts from the project's own service
// file (scripts/keyring/), so a daemon that ends while the command runs is started again, unlocked, on the same
// keyring files. Real processes: dbus-run-session, gnome-keyring-daemon and @napi-rs/keyring.

const onPath = (command: string) => (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && fs.existsSync(path.join(dir, command)));
const canRun = process.platform === 'linux' && ['dbus-run-session', 'dbus-send', 'gnome-keyring-daemon'].every(onPath);

// Inside the session: stores a key, kill -9s the session's keyring daemons, waits until the bus has let go of them,
// reads the key again with a new entry (as the app's keychain thread does for every call: an entry keeps the Secret
// Service session it opened, which ends with its daemon). One JSON line per step on stdout.
const PROBE = `
const fs = require('node:fs');
const { Entry } = require('@napi-rs/keyring');
const say = (line) => process.stdout.write(JSON.stringify(line) + '\\n');
const bus = 'DBUS_SESSION_BUS_ADDRESS=' + process.env.DBUS_SESSION_BUS_ADDRESS;
const daemons = () => fs.readdirSync('/proc').filter((name) => /^\\d+$/.test(name)).filter((pid) => {
  try {
    return fs.readFileSync('/proc/' + pid + '/comm', 'utf8').trim() === 'gnome-keyring-d' && fs.readFileSync('/proc/' + pid + '/environ', 'utf8').split('\\0').includes(bus);
  } catch { return false; }
}).map(Number);
const entry = new Entry('blockglass-keyring-session-test', 'probe');
entry.setPassword('kept-across-the-daemon');
const first = daemons();
// The session's folder: where its daemon keeps the keyring files (XDG_DATA_HOME, <session folder>/data).
const data = fs.readFileSync('/proc/' + first[0] + '/environ', 'utf8').split('\\0').find((line) => line.startsWith('XDG_DATA_HOME='));
say({ step: 'stored', daemons: first, data: data && data.slice('XDG_DATA_HOME='.length) });
for (const pid of first) process.kill(pid, 'SIGKILL');
// Gone for the bus too: it has let go of the name (NameHasOwner does not start a daemon), so the next call starts one.
const { execFileSync } = require('node:child_process');
const owned = () => execFileSync('dbus-send', ['--session', '--print-reply', '--dest=org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus.NameHasOwner', 'string:org.freedesktop.secrets'], { encoding: 'utf8' }).includes('boolean true');
const deadline = Date.now() + 10000;
const wait = () => {
  if (owned() && Date.now() < deadline) return setTimeout(wait, 20);
  say({ step: 'read again', value: new Entry('blockglass-keyring-session-test', 'probe').getPassword(), daemons: daemons() });
};
wait();
`;

interface Step {
  step: string;
  daemons: number[];
  data?: string;
  value?: string;
}

function runSession(): Promise<{ code: number | null; steps: Step[]; stderr: string }> {
  return new Promise((resolve, reject) => {
    // Its own session, as any command starts one: not the suite's (whose daemon this must never touch).
    const env = { ...process.env };
    delete env.BLOCKGLASS_KEYRING_SESSION;
    delete env.DBUS_SESSION_BUS_ADDRESS;
    const child = spawn('bash', ['scripts/keyring-session.sh', process.execPath, '-e', PROBE], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // A keychain call that hangs (the old script's daemon, started by D-Bus on a locked keyring) ends here.
    const timer = setTimeout(() => child.kill('SIGTERM'), 40_000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      try {
        resolve({ code, steps: stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Step), stderr });
      } catch (error) {
        reject(new Error(`the probe's output is not JSON lines (${(error as Error).message}):\n${stdout}\n${stderr}`));
      }
    });
  });
}

describe.skipIf(!canRun)('a keyring session', () => {
  it('starts the keyring daemon again, unlocked and with its keys, when one is killed while the command runs; says so once; leaves nothing behind', { timeout: 60_000 }, async () => {
    const { code, steps, stderr } = await runSession();
    const [stored, readAgain] = steps;
    expect(code, stderr).toBe(0);
    expect(stored?.daemons.length, stderr).toBeGreaterThan(0);
    expect(readAgain?.value, stderr).toBe('kept-across-the-daemon');
    expect(readAgain?.daemons.length, stderr).toBeGreaterThan(0);
    expect(readAgain?.daemons.some((pid) => stored!.daemons.includes(pid))).toBe(false);
    // The kill is said, with how the daemon ended; the session's own stop at the end is not.
    expect(stderr.match(/keyring-session: the keyring daemon .*/g)).toEqual([expect.stringMatching(/the keyring daemon was killed by signal 9 at \d\d:\d\d:\d\d while the command still ran/)]);
    // Nothing of the session outlives it: the daemons (stopped by the session before its bus ends) and its folder.
    await waitUntil(() => readAgain!.daemons.every((pid) => !isAlive(pid)), 'the session’s keyring daemons to end', 5_000);
    expect(stored?.data).toMatch(/blockglass-keyring\.\w+\/data$/);
    expect(fs.existsSync(path.dirname(stored!.data!))).toBe(false);
  });
});
