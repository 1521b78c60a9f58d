// Test helper run as a child process inside its own keyring session
// (`bash scripts/keyring-session.sh node --import tsx daemonEndsProbe.ts`): stores a key, stops the session's
// keyring daemon (SIGSTOP), asks for the key, and once the request has reached the bus (seen by dbus-monitor)
// kills the stopped daemon, so the daemon ends in the middle of the call. Prints one JSON line: what the call
// answered or the error it failed with.
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { keyringDaemonsOn } from '../../../../test-support/processTree';
import { createSecretStore } from '../createSecretStore';

const daemons = () => keyringDaemonsOn(`DBUS_SESSION_BUS_ADDRESS=${process.env.DBUS_SESSION_BUS_ADDRESS ?? ''}`);

const store = createSecretStore({ service: 'blockglass-daemon-ends-probe', timeoutMs: 20_000 });
await store.set('probe', { apiKey: 'answered-by-the-next-daemon' });
const first = daemons();

// Every method call on its way to the Secret Service; the monitor's own first line says it is listening.
const monitor = spawn('dbus-monitor', ['--session', "type='method_call',destination='org.freedesktop.secrets'"], { stdio: ['ignore', 'pipe', 'inherit'] });
const lines = readline.createInterface({ input: monitor.stdout });
const next = (test: (line: string) => boolean) => new Promise<void>((resolve) => lines.on('line', (line) => test(line) && resolve()));
await next(() => true);

for (const pid of first) process.kill(pid, 'SIGSTOP');
const reached = next((line) => line.startsWith('method call') && line.includes('destination=org.freedesktop.secrets'));
const call = store.get('probe');
await reached;
for (const pid of first) process.kill(pid, 'SIGKILL');
const outcome = await call.then(
  (value) => ({ ok: true, value }),
  (error: Error) => ({ ok: false, error: `${error.name}: ${error.message} ${JSON.stringify(error)}` }),
);
monitor.kill();
process.stdout.write(`${JSON.stringify({ ...outcome, first, now: daemons() })}\n`);
await store.close();
process.exit(0);
