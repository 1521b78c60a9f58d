import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// A keyring session of a test's own (scripts/keyring-session.sh, a private bus and keyring daemon), never the
// suite's: for tests that stop or kill a keyring daemon.

/** Whether a command is on the PATH. */
export function onPath(command: string): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir !== '' && fs.existsSync(path.join(dir, command)));
}

/** Whether this machine can start a keyring session (Linux, with D-Bus and gnome-keyring installed). */
export function canStartKeyringSession(...alsoNeeded: string[]): boolean {
  return process.platform === 'linux' && ['dbus-run-session', 'dbus-send', 'gnome-keyring-daemon', ...alsoNeeded].every(onPath);
}

/**
 * Runs `node --import tsx <script>` in a keyring session of its own (the suite's bus and session marker left out
 * of its environment) and resolves once the session has ended, with everything it printed. A session still
 * running after `timeoutMs` (a keychain call that hangs) is stopped with SIGTERM.
 */
export function runInOwnKeyringSession(script: string, timeoutMs: number): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env = { ...process.env };
  delete env.BLOCKGLASS_KEYRING_SESSION;
  delete env.DBUS_SESSION_BUS_ADDRESS;
  const child = spawn('bash', ['scripts/keyring-session.sh', process.execPath, '--import', 'tsx', script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
