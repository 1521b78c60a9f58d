import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { encodeFunctionData, parseAbi } from 'viem';
import type { HealthEvent } from '../src-shared/api/networks';
import type { LogRunEvent } from '../src-shared/logs/types';
import { createDecodingService } from '../src-main/services/decoding/createDecodingService';
import { createLogsService } from '../src-main/services/logs/createLogsService';
import { createFeedHub } from '../src-main/services/rpc/createFeedHub';
import { createRpcService } from '../src-main/services/rpc/createRpcService';
import { openStore } from '../src-main/services/store/openStore';
import { nodeClient } from '../test-support/nodeClient';
import { rawJsonRpc } from '../test-support/rawJsonRpc';
import { benchLogsRenderer } from './logsRenderer';
import { formatRatio, joinSections, ratioOf, verdict, type Figure, type SectionResult } from './report';

// The log-query builder's costs, each beside its references, measured in this run on the bench sandbox's
// log-heavy range (LogStorm's events, at least 100,000 of them once `addBenchLogs` has run):
//  1. main: the logs service's split query (through the gateway, decoded, spooled) against one unlimited
//     eth_getLogs straight to Anvil (the floor) and `cast logs` through the gateway, split by hand, and whole
//     when cast splits a refused range itself; time to the first rows, logs decoded per second, peak RSS;
//  2. renderer (logsRenderer.ts): the same query in the app in Chromium, first rows and the page's memory.
// Nothing here is typed in by hand.

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = promisify(execFile);
const CAST = path.join(projectRoot, 'node_modules', '@foundry-rs', 'cast-linux-amd64', 'bin', 'cast');
const FLOOR_TARGET = 1.3; // issue 31: within 1.3 times raw Anvil
const CAST_TARGET = 2;
const FIRST_ROWS_TARGET_MS = 300; // issue 31: the first log row under 300 ms
const LOG_STORM_ABI = parseAbi(['function emitMany(uint256 n)']);
const fmt = (value: number, digits = 1) => value.toFixed(digits);
const hex = (n: number) => `0x${n.toString(16)}`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export interface LogsBenchOptions {
  quick: boolean;
  rpcUrl: string;
  anvilUrl: string;
  /** The bench sandbox's data folder (chain/manifest.json, and the saved chain the app copies). */
  dataDir: string;
}

interface Manifest {
  contracts: { logStorm: `0x${string}` };
  logStorm: { fromBlock: number };
}

/**
 * Adds LogStorm events straight through Anvil (its dev accounts are unlocked), 8,000 a block, so the range
 * holds at least `total` of them: the seeded chain has 60,000 and the renderer target is at 100,000 rows.
 */
export async function addBenchLogs(anvilUrl: string, dataDir: string, total = 100_000): Promise<void> {
  const manifest = JSON.parse(fs.readFileSync(path.join(dataDir, 'chain', 'manifest.json'), 'utf8')) as Manifest;
  const anvil = nodeClient(anvilUrl);
  const [from] = (await anvil.request({ method: 'eth_accounts', params: [] })) as string[];
  const head = await anvil.getBlockNumber();
  const have = (await anvil.getLogs({ address: manifest.contracts.logStorm, fromBlock: BigInt(manifest.logStorm.fromBlock), toBlock: head })).length;
  for (let added = have; added < total; added += 8_000) {
    const data = encodeFunctionData({ abi: LOG_STORM_ABI, functionName: 'emitMany', args: [8_000n] });
    await anvil.request({ method: 'eth_sendTransaction', params: [{ from, to: manifest.contracts.logStorm, data, gas: hex(25_000_000) }] });
    await anvil.request({ method: 'evm_mine', params: [] });
  }
}

/** Both parts; their figures and printable lines. */
export async function benchLogs(options: LogsBenchOptions): Promise<SectionResult> {
  const manifest = JSON.parse(fs.readFileSync(path.join(options.dataDir, 'chain', 'manifest.json'), 'utf8')) as Manifest;
  const address = manifest.contracts.logStorm;
  const from = manifest.logStorm.fromBlock;
  const to = Number(await nodeClient(options.anvilUrl).getBlockNumber());
  return joinSections([await benchMain(options, address, from, to), await benchLogsRenderer({ projectRoot, seededChainDir: path.join(options.dataDir, 'chain'), address, from, to })]);
}

async function benchMain(options: LogsBenchOptions, address: string, from: number, to: number): Promise<SectionResult> {
  const runs = options.quick ? 2 : 4;
  const url = new URL(options.rpcUrl);
  const key = url.pathname.split('/').at(-1)!;
  const network = { id: 'local', name: 'Local sandbox', family: 'evm' as const, chainId: 31337, rpcUrl: options.rpcUrl.slice(0, -key.length), wsUrl: null, gasUrl: null, storageUrl: null, credentialId: 'local', kind: 'local' as const };
  const rpc = createRpcService({ resolve: async () => ({ network, rpcUrl: options.rpcUrl, wsUrl: null, gasUrl: null, storageUrl: null, authorization: undefined, secrets: [key] }) });
  const health = createFeedHub<HealthEvent>({ label: 'health of', log: () => {}, source: (id, emit, signal) => rpc.watchHealth(id, emit, signal) });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-bench-logs-'));
  const store = openStore(dataDir);
  const decoding = createDecodingService({ rpc, projectRoot, store, chainOf: async () => '31337' });
  const logs = createLogsService({ rpc, health, decoding, networkName: async () => 'Local sandbox', store, dataDir, saveFile: async () => ({ kind: 'cancelled' }) });
  const query = { addresses: [address], topics: [], fromBlock: String(from), toBlock: String(to) };
  const samples = { floor: [] as number[], service: [] as number[], firstRows: [] as number[], cast: [] as number[], castWhole: [] as number[] };
  let count = 0;
  let peakRss = 0;
  let castNote = '';
  let lastProgress: LogRunEvent['progress'] | undefined;
  try {
    // The floor: Anvil's own answer for the whole range, one plain request.
    const floor = async () => {
      const { body } = await rawJsonRpc(options.anvilUrl, 'eth_getLogs', [{ address, fromBlock: hex(from), toBlock: hex(to) }]);
      if (body.error) throw new Error(`eth_getLogs: ${body.error.message}`);
      const answer = body.result as { blockNumber: string }[];
      count = answer.length;
      return answer;
    };
    const service = async () => {
      const started = performance.now();
      let first = 0;
      let rows = 0;
      const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
      try {
        await logs.run('local', query, (event: LogRunEvent) => {
          lastProgress = event.progress;
          if (event.kind !== 'rows') return;
          if (rows === 0) first = performance.now() - started;
          rows += event.rows.length;
        }, new AbortController().signal);
      } finally {
        clearInterval(sampler);
      }
      if (rows !== count) throw new Error(`the service returned ${rows} logs, Anvil ${count}`);
      samples.firstRows.push(first);
      return performance.now() - started;
    };
    // Through the gateway the whole range is refused. A person cuts it by hand into ranges under the limit;
    // here the best such cut, from the per-block counts the floor read.
    const perBlock = new Map<number, number>();
    for (const log of await floor()) perBlock.set(Number.parseInt(log.blockNumber, 16), (perBlock.get(Number.parseInt(log.blockNumber, 16)) ?? 0) + 1);
    const pieces: [number, number][] = [];
    for (let start = from, sum = 0, block = from; block <= to + 1; block++) {
      const here = perBlock.get(block) ?? 0;
      if (block > to || sum + here > 10_000) {
        pieces.push([start, block - 1]);
        start = block;
        sum = 0;
      }
      sum += here;
    }
    const castPiece = async ([a, b]: [number, number]) => {
      const { stdout } = await run(CAST, ['logs', '--rpc-url', options.rpcUrl, '--address', address, '--from-block', String(a), '--to-block', String(b), '--json'], { maxBuffer: 1024 * 1024 * 1024 });
      return (JSON.parse(stdout) as unknown[]).length;
    };
    const castAll = async () => {
      const started = performance.now();
      let total = 0;
      for (const piece of pieces) total += await castPiece(piece);
      if (total !== count) throw new Error(`cast returned ${total} logs, Anvil ${count}`);
      return performance.now() - started;
    };
    // Recent cast follows the service's suggested range by itself: then the whole range in one command is
    // measured too, and the faster of the two ways is the reference.
    let castSplitsItself = false;
    try {
      castSplitsItself = (await castPiece([from, to])) === count;
      castNote = castSplitsItself ? 'cast splits a refused range by itself' : 'cast over the whole range returned the wrong count';
    } catch (error) {
      castNote = `cast over the whole range through the gateway: refused (${/more than \d+ results/.exec(String((error as { stderr?: string }).stderr ?? error))?.[0] ?? 'an error'})`;
    }
    const castWhole = async () => {
      const started = performance.now();
      if ((await castPiece([from, to])) !== count) throw new Error('cast returned a different number of logs than Anvil');
      return performance.now() - started;
    };
    await logs.preflight('local', query); // as the screen does before a run: the plan is sized from it
    await service(); // warm-up: the signature database, the metadata
    for (let i = 0; i < runs; i++) {
      let started = performance.now();
      await floor();
      samples.floor.push(performance.now() - started);
      samples.service.push(await service());
      started = performance.now();
      samples.cast.push(await castAll());
      if (castSplitsItself) samples.castWhole.push(await castWhole());
    }
  } finally {
    logs.close();
    await rpc.close();
    store.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const [floorMs, serviceMs, castSplitMs, firstMs] = [median(samples.floor), median(samples.service), median(samples.cast), median(samples.firstRows)];
  const castWholeMs = samples.castWhole.length ? median(samples.castWhole) : undefined;
  // The target is against cast as a person runs it: the whole range when cast splits it itself, else the
  // ranges cut by hand. The best hand cut (it needs the per-block counts a person does not have) is printed too.
  const castMs = castWholeMs ?? castSplitMs;
  const castWay = castWholeMs !== undefined ? 'the whole range, as a person runs it' : 'split by hand';
  const section = 'Log queries, main';
  const what = `LogStorm's ${count.toLocaleString('en-US')} logs, blocks ${from}-${to}, median of ${runs}`;
  const serviceWhat = `${what}: logs service (through the gateway, split by its planner, every log decoded and spooled)`;
  const versusFloor: Figure = { section, what: serviceWhat, value: serviceMs, unit: 'ms', digits: 0, reference: { what: 'one unlimited eth_getLogs straight to Anvil (JSON parsed, nothing decoded)', value: floorMs }, target: { kind: 'ratioAtMost', limit: FLOOR_TARGET } };
  const versusCast: Figure = {
    section,
    what: serviceWhat,
    value: serviceMs,
    unit: 'ms',
    digits: 0,
    reference: { what: `cast logs through the gateway, ${castWay}`, value: castMs },
    target: { kind: 'ratioAtMost', limit: 1 / CAST_TARGET, says: `cast takes at least ${CAST_TARGET}x as long` },
  };
  const versusHandCut: Figure | undefined = castWholeMs === undefined ? undefined : { section, what: serviceWhat, value: serviceMs, unit: 'ms', digits: 0, reference: { what: 'cast logs through the gateway, split by hand into the fewest ranges under 10,000 logs', value: castSplitMs } };
  const firstRows: Figure = { section, what: 'first rows out of the service, median', value: firstMs, unit: 'ms', digits: 0, target: { kind: 'below', limit: FIRST_ROWS_TARGET_MS } };
  const figures: Figure[] = [
    versusFloor,
    versusCast,
    ...(versusHandCut ? [versusHandCut] : []),
    firstRows,
    { section, what: 'logs decoded per second by the service', value: count / (serviceMs / 1000), unit: 'logs/s', digits: 0 },
    { section, what: "peak RSS of the benchmark's process (it also holds the floor's and cast's answers; main's own is in the renderer part)", value: peakRss / 1024 / 1024, unit: 'MiB', digits: 0 },
  ];
  return {
    figures,
    lines: [
      `== Log queries, main: LogStorm's ${count.toLocaleString('en-US')} logs in blocks ${from}-${to}; median of ${runs} runs each, taking turns`,
      `one unlimited eth_getLogs straight to Anvil (floor; JSON parsed, nothing decoded): ${fmt(floorMs, 0)} ms`,
      `cast logs through the gateway (${castNote}): split by hand into the fewest ranges under 10,000 logs, one after another, ${fmt(castSplitMs, 0)} ms${castWholeMs !== undefined ? `; the whole range in one command, ${fmt(castWholeMs, 0)} ms` : ''}`,
      `logs service (through the gateway, split by its planner after a pre-flight, every log decoded and spooled): ${fmt(serviceMs, 0)} ms; ${fmt(count / (serviceMs / 1000), 0)} logs decoded per second; peak RSS of this process ${fmt(peakRss / 1024 / 1024, 0)} MB (it also holds the floor's and cast's answers; main's own is measured in the app below)`,
      `service / floor: ${formatRatio(ratioOf(versusFloor)!)} (${verdict(versusFloor)}); service / cast (${castWay}): ${formatRatio(ratioOf(versusCast)!)} (${verdict(versusCast)})${versusHandCut ? `; service / cast at the best hand cut: ${formatRatio(ratioOf(versusHandCut)!)}` : ''}`,
      `first rows out of the service: median ${fmt(firstMs, 0)} ms (${verdict(firstRows)})`,
      ...(lastProgress ? [`the service's last run: ${lastProgress.requests} eth_getLogs requests, ${lastProgress.splits} pieces split after a refusal, ${lastProgress.retries} retries`] : []),
    ],
  };
}
