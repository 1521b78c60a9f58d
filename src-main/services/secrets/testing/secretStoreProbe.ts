// Test helper run as a child process (`node --import tsx secretStoreProbe.ts <timeoutMs> <op>...`): runs
// secret-store calls in order against whatever keychain the environment points at (the tests point
// DBUS_SESSION_BUS_ADDRESS at a silent socket or a bus without a keyring), and prints one JSON line per call
// with its outcome and duration, plus how many timer ticks the main thread ran meanwhile (a blocked event
// loop would show none). Exits with process.exit, which does not wait for a keychain thread stuck in D-Bus.
import { createSecretStore } from '../createSecretStore';
import { BlockglassError } from '../../errors/blockglassError';
import { errorToApiError } from '../../errors/apiErrorToError';

const [timeoutArg, ...ops] = process.argv.slice(2);
// PROBE_MEMORY_FALLBACK=1: as the app runs it (keys in memory when no keychain is reachable); each line says the mode.
const store = createSecretStore({ service: 'blockglass-probe', timeoutMs: Number(timeoutArg), memoryFallback: process.env.PROBE_MEMORY_FALLBACK === '1' });
let ticks = 0;
const ticker = setInterval(() => ticks++, 50);

for (const op of ops) {
  const started = Date.now();
  ticks = 0;
  let outcome: unknown;
  try {
    if (op === 'set') outcome = await store.set('probe', { apiKey: 'probe-key-0123456789' });
    else if (op === 'get') outcome = await store.get('probe');
    else if (op === 'delete') outcome = await store.delete('probe');
    else outcome = await store.status('probe');
    outcome = { ok: true, value: outcome ?? null };
  } catch (error) {
    outcome = { ok: false, error: error instanceof BlockglassError ? errorToApiError(error) : { name: 'Unexpected', shortMessage: String(error) } };
  }
  process.stdout.write(`${JSON.stringify({ op, ms: Date.now() - started, ticks, mode: store.mode(), ...(outcome as object) })}\n`);
}
clearInterval(ticker);
process.exit(0);
