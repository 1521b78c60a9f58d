import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { formatRatio, ratioOf, verdict, type Figure, type SectionResult } from './report';

// Inside a transaction, beside its reference measured in this run: the app's trace on Local (through the sandbox's
// gateway, which offers no debug_ method as the hosted service does: a local replay on the parent block's state read
// with standard methods, the block's earlier transactions first, then every frame decoded) against Anvil's own
// debug_traceTransaction with callTracer, asked straight of Anvil (nothing decoded). A kept trace is one read back
// from SQLite by a new trace service. The measuring runs in a process of its own (`traceChild.ts`), holding what
// tracing needs in main, so its peak resident memory is tracing's; the figures are made here from its measures.

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const section = 'Trace';

export interface TraceBenchOptions {
  quick: boolean;
  rpcUrl: string;
  anvilUrl: string;
  storageUrl: string;
  key: string;
  secret: string;
  dataDir: string;
}

/** One transaction traced `runs` times, medians: the app's time, Anvil's, and of the app's, its rounds to the node and its time waiting on them. */
interface Sampled {
  app: number;
  anvil: number;
  rounds: number;
  waiting: number;
}

/** What the child measured, raw. */
export interface TraceMeasures {
  runs: number;
  deep: Sampled;
  big: Sampled;
  kept: number;
  keptRows: number;
  /** The State tab of a token transfer, its storage layout recompiled each time (median). */
  state: number;
  restingRss: number;
  /** The peak while tracing only; `peakRss` includes the State tab's compiles. */
  tracingPeakRss: number;
  peakRss: number;
}

/** The trace figures: replays beside Anvil's own tracer, a kept trace opened, the tracing process's peak memory. */
export async function benchTrace(options: TraceBenchOptions): Promise<SectionResult> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'bench', 'traceChild.ts'), JSON.stringify(options)], {
    cwd: projectRoot,
    maxBuffer: 1024 * 1024,
  });
  const measured = JSON.parse(stdout.trim().split('\n').at(-1)!) as TraceMeasures;
  const { deep, big } = measured;
  const mib = (bytes: number) => bytes / 1024 / 1024;
  const anvilRef = (value: number) => ({ what: "Anvil's own debug_traceTransaction (callTracer)", value });
  const figures: Figure[] = [
    { section, what: 'the deep revert (3 calls deep), traced by local replay and decoded', value: deep.app, unit: 'ms', digits: 1, reference: anvilRef(deep.anvil), target: { kind: 'ratioAtMost', limit: 3 } },
    { section, what: `of it, waiting on the node through the gateway (${deep.rounds} rounds, one after another)`, value: deep.waiting, unit: 'ms', digits: 1, reference: anvilRef(deep.anvil) },
    { section, what: 'of it, in Blockglass (the EVM, decoding)', value: deep.app - deep.waiting, unit: 'ms', digits: 1, reference: anvilRef(deep.anvil) },
    { section, what: "the 600-transaction block's last transaction, traced by local replay and decoded", value: big.app, unit: 'ms', digits: 0, reference: anvilRef(big.anvil), target: { kind: 'ratioAtMost', limit: 10 } },
    { section, what: "the 600-transaction block's last transaction, traced by local replay: under 2 s", value: big.app, unit: 'ms', digits: 0, target: { kind: 'below', limit: 2_000 } },
    { section, what: `of it, waiting on the node through the gateway (${big.rounds} rounds, one after another)`, value: big.waiting, unit: 'ms', digits: 0 },
    { section, what: `a kept trace opened (read from SQLite, decoded again; ${measured.keptRows} kept)`, value: measured.kept, unit: 'ms', digits: 1, target: { kind: 'below', limit: 50 } },
    { section, what: 'resident memory of the tracing process before its first trace (rpc, decoding, trace services, SQLite)', value: mib(measured.restingRss), unit: 'MiB', digits: 0 },
    { section, what: "a token transfer's State tab, its storage layout recompiled each time (solc-js in a child process)", value: measured.state, unit: 'ms', digits: 0 },
    { section, what: 'peak resident memory of the tracing process while tracing', value: mib(measured.tracingPeakRss), unit: 'MiB', digits: 0, target: { kind: 'below', limit: 300 } },
    { section, what: "peak resident memory of the tracing process, the State tab's recompiles included", value: mib(measured.peakRss), unit: 'MiB', digits: 0, target: { kind: 'below', limit: 300 } },
  ];
  const lines = [
    `== Trace: local replay (Local, no debug_ methods) beside Anvil's own tracer; medians of ${measured.runs}`,
    ...figures.map((figure) => `${figure.what}: ${figure.value.toFixed(figure.digits ?? 1)} ${figure.unit}${'reference' in figure && figure.reference ? ` vs ${figure.reference.value.toFixed(1)} ms (${formatRatio(ratioOf(figure) ?? Number.NaN)})` : ''} ${verdict(figure)}`),
  ];
  return { figures, lines };
}
