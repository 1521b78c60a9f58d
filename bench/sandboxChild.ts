import { startSandbox } from '../src-sandbox/sandbox';

// Runs a sandbox in its own process for the benchmarks, so the load generator does not share an
// event loop with the gateway it measures. Prints one JSON line with Anvil's own address too.
const [dataDir, fresh] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: sandboxChild.ts DATA_DIR [fresh]');
const started = performance.now();
// A fixed key and a known secret: the benchmark's gas and content clients need both.
const sandbox = await startSandbox({ dataDir, fresh: fresh === 'fresh', blockTimeSeconds: 0, key: 'benchkey', secret: 'benchsecret' });
const readySeconds = (performance.now() - started) / 1000;
await sandbox.seededReady; // its address is printed too
process.stdout.write(`${JSON.stringify({ ...sandbox.info, anvilUrl: sandbox.anvilUrl, anvilPid: sandbox.anvilPid, seededAnvilUrl: sandbox.seededAnvilUrl, seededAnvilPid: sandbox.seededAnvilPid, readySeconds, seedSeconds: sandbox.manifest.seedSeconds })}\n`);
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void sandbox.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// Its stdin is a pipe from the benchmark: closed when that process goes, even by a crash (a bench that threw left
// this sandbox and its two nodes running for hours), and then it stops too.
process.stdin.on('close', stop);
process.stdin.resume();
