import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Whether a command is on the PATH. */
function onPath(command: string): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir !== '' && fs.existsSync(path.join(dir, command)));
}

/**
 * On Linux the keychain is the Secret Service on the D-Bus session bus. A machine with no session
 * bus at all (a server, a container, an SSH login) has no keychain, and the Local sandbox could not
 * get its key. Then, if gnome-keyring is installed, run the app inside a private, unlocked keychain
 * for this run (scripts/keyring-session.sh); keys added there are forgotten when the app stops,
 * which is said in one line. Nothing is ever written to a file instead.
 */
function needsPrivateKeychain(log: (line: string) => void): boolean {
  if (process.platform !== 'linux' || process.env.DBUS_SESSION_BUS_ADDRESS || process.env.BLOCKGLASS_KEYRING_SESSION) return false;
  if (onPath('dbus-run-session') && onPath('gnome-keyring-daemon')) return true;
  log('no keychain is reachable (no D-Bus session) and gnome-keyring is not installed: keys are kept in memory for this run only. To keep them, install: apt-get install dbus dbus-x11 gnome-keyring');
  return false;
}

/**
 * Runs this same command again inside a private keychain session (scripts/keyring-session.sh), passing
 * signals on, and exits when the whole session has. A signal goes to the session's inner shell, which passes
 * it to the app and waits for it to stop (its sandbox, Anvil and all); then dbus-run-session ends the bus and
 * the keyring daemon. (Sent to dbus-run-session, a signal killed it at once and left the app, its sandbox,
 * Anvil, the bus and the keyring daemon running.) The session runs in a process group of its own, so a
 * terminal's Ctrl+C reaches it only this way, once.
 */
function runInPrivateKeychain(projectRoot: string): void {
  process.stderr.write('Blockglass: no keychain is reachable here (no D-Bus session), so this run uses a private one; keys you add are forgotten when Blockglass stops.\n');
  const child = spawn('bash', [path.join(projectRoot, 'scripts', 'keyring-session.sh'), process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    cwd: projectRoot,
    detached: true,
  });
  const forward = (signal: NodeJS.Signals) => {
    // child.pid is dbus-run-session (the script execs it); its inner shell is the child that runs bash.
    const inner = childrenOf(child.pid!).find((pid) => readProc(pid, 'comm').trim() === 'bash');
    try {
      if (inner !== undefined) process.kill(inner, 'SIGTERM');
      else process.kill(-child.pid!, signal); // not up yet: stop the whole group
    } catch {
      // already gone
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => forward(signal));
  child.once('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

/** The children of a process, from /proc (Linux, where the private keychain runs). */
function childrenOf(pid: number): number[] {
  return readProc(pid, `task/${pid}/children`).split(' ').filter(Boolean).map(Number);
}

function readProc(pid: number, file: string): string {
  try {
    return fs.readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return '';
  }
}

/**
 * Runs this same command again inside a private keychain when no keychain is reachable (see
 * needsPrivateKeychain); returns true when it did, and the caller must then do nothing more.
 */
export function runInPrivateKeychainIfNeeded(projectRoot: string, log: (line: string) => void): boolean {
  if (!needsPrivateKeychain(log)) return false;
  runInPrivateKeychain(projectRoot);
  return true;
}
