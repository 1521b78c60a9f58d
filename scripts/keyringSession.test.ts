import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { canStartKeyringSession, runInOwnKeyringSession } from '../test-support/ownKeyringSession';
import { isAlive, waitUntil } from '../test-support/processTree';

// scripts/keyring-session.sh: a private bus whose keyring daemon D-Bus starts from the project's own service
// file (scripts/keyring/), so a daemon that ends while the command runs is started again, unlocked, on the same
// keyring files. Real processes: dbus-run-session, gnome-keyring-daemon and @napi-rs/keyring.

const PROBE = fileURLToPath(new URL('./testing/keyringRestartProbe.ts', import.meta.url));

interface Step {
  step: string;
  daemons: number[];
  data?: string;
  value?: string;
}

describe.skipIf(!canStartKeyringSession())('a keyring session', () => {
  it('starts the keyring daemon again, unlocked and with its keys, when one is killed while the command runs; says so once; leaves nothing behind', { timeout: 60_000 }, async () => {
    // A keychain call that hangs (the old script's daemon, started by D-Bus on a locked keyring) ends at 40 s.
    const { code, stdout, stderr } = await runInOwnKeyringSession(PROBE, 40_000);
    expect(code, stderr).toBe(0);
    const [stored, readAgain] = stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Step);
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
