import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { canStartKeyringSession, runInOwnKeyringSession } from '../../../test-support/ownKeyringSession';

// The keyring daemon ends in the middle of a call (gnome-keyring aborts when a client vanishes while it opens a
// session; systemd or D-Bus activation starts another): the call is answered by the next daemon, not failed.
// Real parts: a keyring session of its own (scripts/keyring-session.sh, never the suite's), its gnome-keyring
// daemon stopped, the call seen on the bus by dbus-monitor, then the daemon killed.
const PROBE = fileURLToPath(new URL('./testing/daemonEndsProbe.ts', import.meta.url));

describe.skipIf(!canStartKeyringSession('dbus-monitor'))('a keychain call whose keyring daemon ends', () => {
  it('is answered by the daemon started in its place', { timeout: 60_000 }, async () => {
    const { code, stdout, stderr } = await runInOwnKeyringSession(PROBE, 45_000);
    expect(code, stderr).toBe(0);
    const result = JSON.parse(stdout.trim()) as { ok: boolean; value?: { apiKey: string }; error?: string; first: number[]; now: number[] };
    expect(result.first.length, stderr).toBeGreaterThan(0);
    // The daemon did end mid-call (the session says how), and another answers now.
    expect(stderr).toMatch(/the keyring daemon was killed by signal 9/);
    expect(result.now.some((pid) => result.first.includes(pid))).toBe(false);
    expect(result, stderr).toMatchObject({ ok: true, value: { apiKey: 'answered-by-the-next-daemon' } });
  });
});
