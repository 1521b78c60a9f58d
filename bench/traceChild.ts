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
import type { TraceBenchOptions, TraceMeasures } from './trace';

// The trace bench's measuring half, in a process of its own (`bench/trace.ts` starts it): what it holds is what
// tracing and the State tab need in main (the rpc, decoding and trace services, SQLite), not the bench runner's browsers and
// reports, so its resident memory is a trace's in main. Prints one JSON line of raw measures; nothing typed by hand.

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Manifest {
  transactions: { deepRevert: { hash: `0x${string}` }; erc20Transfer: `0x${string}` };
  bigBlock: { number: number };
}

async function measure(options: TraceBenchOptions): Promise<TraceMeasures> {
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

  // Rounds to the node: how many times a trace waits on the node with nothing else in flight (a batch is one
  // round), and how long it waits in all; the rest of a trace's time is Blockglass's own (EVM, decoding).
  let inFlight = 0;
  let rounds = 0;
  let waiting = 0;
  let waitingSince = 0;
  const counting: typeof rpc = {
    ...rpc,
    request: ((networkId: string, method: string, params: unknown[], requestOptions?: { signal?: AbortSignal }) => {
      if (inFlight++ === 0) {
        rounds++;
        waitingSince = performance.now();
      }
      return rpc.request(networkId, method, params, requestOptions).finally(() => {
        if (--inFlight === 0) waiting += performance.now() - waitingSince;
      });
    }) as typeof rpc.request,
  };
  const restingRss = process.memoryUsage().rss;
  let peakRss = restingRss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 5);
  try {
    const time = async (run: () => Promise<unknown>) => {
      const started = performance.now();
      await run();
      return performance.now() - started;
    };
    const anvilTrace = (hash: string) => time(() => rawJsonRpc(options.anvilUrl, 'debug_traceTransaction', [hash, { tracer: 'callTracer' }]));
    // Each replay starts with nothing kept: a new trace service each time, so no state or trace carries over (the
    // decoding service's ABIs do, as in the app after its first page).
    const appTrace = (hash: `0x${string}`) => time(() => createTraceService({ rpc: counting, decoding }).transaction('local', hash));
    // One of each first: the decoding service learns the contracts' ABIs, as the app does on its first page.
    await appTrace(manifest.transactions.deepRevert.hash);
    await anvilTrace(manifest.transactions.deepRevert.hash);
    const sample = async (hash: `0x${string}`) => {
      const app: number[] = [];
      const anvil: number[] = [];
      const rounded: number[] = [];
      const waited: number[] = [];
      for (let i = 0; i < runs; i++) {
        anvil.push(await anvilTrace(hash));
        rounds = 0;
        waiting = 0;
        app.push(await appTrace(hash));
        rounded.push(rounds);
        waited.push(waiting);
      }
      return { app: median(app), anvil: median(anvil), rounds: median(rounded), waiting: median(waited) };
    };
    const deep = await sample(manifest.transactions.deepRevert.hash);
    const big = await sample(lastOfBigBlock);

    const keeping = createTraceService({ rpc, decoding, store, chainOf: async () => 'chain:bench' });
    await keeping.transaction('local', lastOfBigBlock);
    const kept: number[] = [];
    for (let i = 0; i < runs; i++) kept.push(await time(() => createTraceService({ rpc, decoding, store, chainOf: async () => 'chain:bench' }).transaction('local', lastOfBigBlock)));
    const keptRows = store.db.prepare("SELECT COUNT(*) AS n FROM chain_cache WHERE kind = 'trace'").all() as { n: number }[];

    // The State tab of a token transfer, each time with nothing kept: its storage layout is recompiled from the
    // metadata's sources (solc-js, in a child process of its own), the step that weighs most on main's memory.
    const tracingPeakRss = peakRss;
    const state: number[] = [];
    for (let i = 0; i < runs; i++) state.push(await time(() => createTraceService({ rpc, decoding }).state('local', manifest.transactions.erc20Transfer)));
    return { runs, deep, big, kept: median(kept), keptRows: keptRows[0]?.n ?? 0, state: median(state), restingRss, tracingPeakRss, peakRss };
  } finally {
    clearInterval(sampler);
    store.close();
    fs.rmSync(storeDir, { recursive: true, force: true });
    await rpc.close();
  }
}

const options = JSON.parse(process.argv[2] ?? 'null') as TraceBenchOptions | null;
if (!options) throw new Error('usage: traceChild.ts OPTIONS_JSON');
process.stdout.write(`${JSON.stringify(await measure(options))}\n`);
