// Test helper run inside a keyring session (`bash scripts/keyring-session.sh node --import tsx
// keyringRestartProbe.ts`, by scripts/keyringSession.test.ts): stores a key, kill -9s the session's keyring
// daemons, waits until the bus has let go of them, and reads the key again with a new entry (as the app's
// keychain thread does for every call: an entry keeps the Secret Service session it opened, which ends with its
// daemon). One JSON line per step on stdout.
import { execFileSync } from 'node:child_process';
import { Entry } from '@napi-rs/keyring';
import { environment, keyringDaemonsOn, waitUntil } from '../../test-support/processTree';

const say = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);
const daemons = () => keyringDaemonsOn(`DBUS_SESSION_BUS_ADDRESS=${process.env.DBUS_SESSION_BUS_ADDRESS ?? ''}`);
const entry = () => new Entry('blockglass-keyring-session-test', 'probe');

entry().setPassword('kept-across-the-daemon');
const first = daemons();
// The session's folder: where its daemon keeps the keyring files (XDG_DATA_HOME, <session folder>/data).
const data = environment(first[0] ?? 0).find((line) => line.startsWith('XDG_DATA_HOME='));
say({ step: 'stored', daemons: first, data: data?.slice('XDG_DATA_HOME='.length) });
for (const pid of first) process.kill(pid, 'SIGKILL');
// Gone for the bus too: it has let go of the name (NameHasOwner does not start a daemon), so the next call starts one.
const owned = () =>
  execFileSync('dbus-send', ['--session', '--print-reply', '--dest=org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus.NameHasOwner', 'string:org.freedesktop.secrets'], { encoding: 'utf8' }).includes('boolean true');
await waitUntil(() => !owned(), 'the bus to let go of the killed daemon', 10_000);
say({ step: 'read again', value: entry().getPassword(), daemons: daemons() });
