// Test helper run as a child process (`node --import tsx secretStoreProbe.ts <timeoutMs> <op>...`): runs
// secret-store calls in order against whatever keychain the environment points at (the tests point
// DBUS_SESSION_BUS_ADDRESS at a silent socket or a bus without a keyring), and prints one JSON line per call
// with its outcome, what the store said meanwhile, and whether a timer of the main thread fired while the call
// was still waiting (a call that blocked the event loop would let none through). Exits with process.exit, which
// does not wait for a keychain thread stuck in D-Bus.
import { createSecretStore } from '../createSecretStore';
import { BlockglassError } from '../../errors/blockglassError';
import { toApiError } from '../../errors/thrownToApiError';

const [timeoutArg, ...ops] = process.argv.slice(2);
// PROBE_MEMORY_FALLBACK=1: as the app runs it (keys in memory when no keychain is reachable); each line says the mode.
const said: string[] = [];
const store = createSecretStore({
  service: 'blockglass-probe',
  timeoutMs: Number(timeoutArg),
  memoryFallback: process.env.PROBE_MEMORY_FALLBACK === '1',
  log: (line) => said.push(line),
});

async function run(op: string): Promise<unknown> {
  if (op === 'set') return store.set('probe', { apiKey: 'probe-key-0123456789' });
  if (op === 'get') return store.get('probe');
  if (op === 'delete') return store.delete('probe');
  return store.status('probe');
}

for (const op of ops) {
  said.length = 0;
  let settled = false;
  const call = run(op).finally(() => (settled = true));
  const timerRanWhileWaiting = new Promise<boolean>((resolve) => setTimeout(() => resolve(!settled), 10));
  let outcome: unknown;
  try {
    outcome = { ok: true, value: (await call) ?? null };
  } catch (error) {
    outcome = { ok: false, error: error instanceof BlockglassError ? toApiError(error) : { name: 'Unexpected', shortMessage: String(error) } };
  }
  process.stdout.write(`${JSON.stringify({ op, timerRanWhileWaiting: await timerRanWhileWaiting, said: [...said], mode: store.mode(), ...(outcome as object) })}\n`);
}
process.exit(0);
