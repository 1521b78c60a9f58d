import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDecodingService } from '../src-main/services/decoding/createDecodingService';
import { createContentReader } from '../src-main/services/decoding/readContent';
import { basicAuthorization } from '../src-main/services/secrets/basicAuthorization';
import { createRpcService } from '../src-main/services/rpc/createRpcService';
import { openStore } from '../src-main/services/store/openStore';
import { createTraceService } from '../src-main/services/trace/createTraceService';
import { rawJsonRpc } from '../test-support/rawJsonRpc';
import { formatRatio, ratioOf, verdict, type Figure, type SectionResult } from './report';

// Inside a transaction, beside its reference measured in this run: the app's trace on Local (through the sandbox's
// gateway, which offers no debug_ method as the hosted service does: a local replay on the parent block's state read
// with standard methods, the block's earlier transactions first, then every frame decoded) against Anvil's own
// debug_traceTransaction with callTracer, asked straight of Anvil (nothing decoded). Each replay starts with nothing
// kept: a new trace service each time, so no state or trace carries over (the decoding service's ABIs do, as in the
// app after its first page). A kept trace is one read back from SQLite by a new trace service. Main's peak memory is
// this process's resident memory, sampled while it traces. Nothing here is typed in by hand.

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const section = 'Trace';
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export interface TraceBenchOptions {
  quick: boolean;
  rpcUrl: string;
  anvilUrl: string;
  storageUrl: string;
  key: string;
  secret: string;
  dataDir: string;
}

interface Manifest {
  transactions: { deepRevert: { hash: `0x${string}` } };
  bigBlock: { number: number };
}

/** The trace figures: replays beside Anvil's own tracer, a kept trace opened, main's peak memory while tracing. */
export async function benchTrace(options: TraceBenchOptions): Promise<SectionResult> {
  const manifest = JSON.parse(fs.readFileSync(path.join(options.dataDir, 'chain', 'manifest.json'), 'utf8')) as Manifest;
  const bigBlock = (await rawJsonRpc(options.anvilUrl, 'eth_getBlockByNumber', [`0x${manifest.bigBlock.number.toString(16)}`, false])).body as { result: { transactions: `0x${string}`[] } };
  const lastOfBigBlock = bigBlock.result.transactions.at(-1)!;
  const url = new URL(options.rpcUrl);
  const key = url.pathname.split('/').at(-1)!;
  const network = { id: 'local', name: 'Local sandbox', family: 'evm' as const, chainId: 31337, rpcUrl: options.rpcUrl.slice(0, -key.length), wsUrl: null, gasUrl: null, storageUrl: options.storageUrl, credentialId: 'local', kind: 'local' as const };
  // As the app resolves Local: the contracts' metadata comes from its content store, which names them and their errors.
  const resolved = { network, rpcUrl: options.rpcUrl, wsUrl: null, gasUrl: null, storageUrl: options.storageUrl, authorization: basicAuthorization(options.key, options.secret), secrets: [options.key, options.secret] };
  const rpc = createRpcService({ resolve: async () => resolved });
  const decoding = createDecodingService({ rpc, projectRoot, readContent: createContentReader(async () => resolved) });
  const storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-bench-trace-'));
  const store = openStore(storeDir);
  const runs = options.quick ? 3 : 7;

  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 5);
  try {
    const time = async (run: () => Promise<unknown>) => {
      const started = performance.now();
      await run();
      return performance.now() - started;
    };
    const anvilTrace = (hash: string) => time(() => rawJsonRpc(options.anvilUrl, 'debug_traceTransaction', [hash, { tracer: 'callTracer' }]));
    const appTrace = (hash: `0x${string}`) => time(() => createTraceService({ rpc, decoding }).transaction('local', hash));
    // One of each first: the decoding service learns the contracts' ABIs, as the app does on its first page.
    await appTrace(manifest.transactions.deepRevert.hash);
    await anvilTrace(manifest.transactions.deepRevert.hash);
    const sample = async (hash: `0x${string}`) => {
      const app: number[] = [];
      const anvil: number[] = [];
      for (let i = 0; i < runs; i++) {
        anvil.push(await anvilTrace(hash));
        app.push(await appTrace(hash));
      }
      return { app: median(app), anvil: median(anvil) };
    };
    const deep = await sample(manifest.transactions.deepRevert.hash);
    const big = await sample(lastOfBigBlock);

    const keeping = createTraceService({ rpc, decoding, store, chainOf: async () => 'chain:bench' });
    await keeping.transaction('local', lastOfBigBlock);
    const kept: number[] = [];
    for (let i = 0; i < runs; i++) kept.push(await time(() => createTraceService({ rpc, decoding, store, chainOf: async () => 'chain:bench' }).transaction('local', lastOfBigBlock)));
    const keptRows = store.db.prepare("SELECT COUNT(*) AS n FROM chain_cache WHERE kind = 'trace'").all() as { n: number }[];

    const anvilRef = (value: number) => ({ what: "Anvil's own debug_traceTransaction (callTracer)", value });
    const figures: Figure[] = [
      { section, what: 'the deep revert (3 calls deep), traced by local replay and decoded', value: deep.app, unit: 'ms', digits: 1, reference: anvilRef(deep.anvil), target: { kind: 'ratioAtMost', limit: 3 } },
      { section, what: "the 600-transaction block's last transaction, traced by local replay and decoded", value: big.app, unit: 'ms', digits: 0, reference: anvilRef(big.anvil), target: { kind: 'ratioAtMost', limit: 10 } },
      { section, what: "the 600-transaction block's last transaction, traced by local replay: under 2 s", value: big.app, unit: 'ms', digits: 0, target: { kind: 'below', limit: 2_000 } },
      { section, what: `a kept trace opened (read from SQLite, decoded again; ${keptRows[0]?.n ?? 0} kept)`, value: median(kept), unit: 'ms', digits: 1, target: { kind: 'below', limit: 50 } },
      { section, what: 'peak resident memory of main while tracing', value: peakRss / 1024 / 1024, unit: 'MiB', digits: 0, target: { kind: 'below', limit: 300 } },
    ];
    const lines = [
      `== Trace: local replay (Local, no debug_ methods) beside Anvil's own tracer; medians of ${runs}`,
      ...figures.map((figure) => `${figure.what}: ${figure.value.toFixed(figure.digits ?? 1)} ${figure.unit}${'reference' in figure && figure.reference ? ` vs ${figure.reference.value.toFixed(1)} ms (${formatRatio(ratioOf(figure) ?? Number.NaN)})` : ''} ${verdict(figure)}`),
    ];
    return { figures, lines };
  } finally {
    clearInterval(sampler);
    store.close();
    fs.rmSync(storeDir, { recursive: true, force: true });
    await rpc.close();
  }
}
