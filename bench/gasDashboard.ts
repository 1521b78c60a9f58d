import { spawn } from 'node:child_process';
import { networkChainKey } from '../src-main/services/chains/chainKey';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import { chromium } from '@playwright/test';
import { request } from 'undici';
import type { Network } from '../src-shared/networks/network';
import { nodeClient } from '../test-support/nodeClient';
import { SAVED_CHAIN_FILES } from '../test-support/savedChainFiles';
import { createGasService } from '../src-main/services/gas/createGasService';
import { gasRequestFor } from '../src-main/services/networks/createNetworkService';
import { createRpcService } from '../src-main/services/rpc/createRpcService';
import { openStore } from '../src-main/services/store/openStore';
import { formatRatio, type Figure, type SectionResult } from './report';

// The gas dashboard's costs, measured in this run:
//  - a poll in main (the gas service's own step: the gas API's levels, the head, the blob base fee, the sample
//    written to SQLite, alerts evaluated): CPU time of this process per poll, beside the same requests sent raw
//    (undici, JSON parsed, nothing else) to the same sandbox; and the same for a network without a gas API,
//    whose levels the app estimates from its fee-history window;
//  - memory over an hour of samples: 360 polls (an hour at the default 10 s), heap after GC before and after,
//    and what the samples add to the SQLite file;
//  - the dashboard's render with a week of samples (60,480: one per 10 s) in Chromium through the web host:
//    the Week chart from the click to the frame after it drew, beside the Hour chart in the same page.

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const fmt = (value: number, digits = 2) => value.toFixed(digits);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export interface GasDashboardBenchOptions {
  quick: boolean;
  rpcUrl: string;
  gasUrl: string;
  key: string;
  secret: string;
  /** Anvil behind the sandbox: a block is mined before each of the hour's polls, so each stores a new sample. */
  anvilUrl: string;
  /** The seeded chain folder, copied into the web host's data folder for the render measurement. */
  seededChainDir: string;
}

const section = 'Gas dashboard';

/** A poll in main, an hour of polls, and the render with a week of samples: figures (no targets: shown beside their references) and printable lines. */
export async function benchGasDashboard(options: GasDashboardBenchOptions): Promise<SectionResult> {
  const [polls, render] = [await benchPolls(options), await benchRender(options)];
  // One block of console output, as before: no blank line between the two parts.
  return { figures: [...polls.figures, ...render.figures], lines: [...polls.lines, ...render.lines] };
}

async function benchPolls(options: GasDashboardBenchOptions): Promise<SectionResult> {
  const polls = options.quick ? 60 : 200;
  const key = options.key;
  const template = options.rpcUrl.slice(0, -key.length);
  const base: Network = { id: 'local', name: 'Local sandbox', family: 'evm', chainId: 31337, rpcUrl: template, wsUrl: null, gasUrl: options.gasUrl, storageUrl: null, credentialId: 'local', kind: 'local' };
  const resolved = (network: Network) => ({ network, rpcUrl: options.rpcUrl, wsUrl: null, gasUrl: network.gasUrl, gasRequest: gasRequestFor(network, { apiKey: key, apiSecret: options.secret }), storageUrl: null, authorization: undefined, secrets: [key] });
  const networks: Record<string, ReturnType<typeof resolved>> = { local: resolved(base), nogas: resolved({ ...base, id: 'nogas', gasUrl: null }) };
  const rpc = createRpcService({ resolve: async (id) => networks[id]! });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-bench-gas-'));
  const store = openStore(dataDir);
  const gas = createGasService({ resolve: async (id) => networks[id]!, request: (...args) => rpc.request(...args), store, chainOf: async () => '31337', redact: (text) => text });
  for (const [metric, direction, threshold] of [['medium', 'below', '1'], ['high', 'above', '1000'], ['base', 'below', '0.5']] as const) gas.addAlert('local', metric, direction, threshold);
  const signal = new AbortController().signal;
  const gasRequest = networks.local!.gasRequest!;
  const raw = async () => {
    const [fees, head, blob] = await Promise.all([
      request(gasRequest.url, { headers: { authorization: gasRequest.authorization! } }).then((answer) => answer.body.json()),
      request(options.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"eth_getBlockByNumber","params":["latest",false]}' }).then((answer) => answer.body.json()),
      request(options.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"eth_blobBaseFee","params":[]}' }).then((answer) => answer.body.json()),
    ]);
    if (!fees || !head || !blob) throw new Error('no answer');
  };
  const rawLocal = async () => {
    const latest = (await request(options.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"eth_getBlockByNumber","params":["latest",false]}' }).then((answer) => answer.body.json())) as { result: { number: string } };
    await Promise.all([
      request(options.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_feeHistory', params: ['0x1', latest.result.number, [10, 20, 30, 50, 95]] }) }).then((answer) => answer.body.json()),
      request(options.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"eth_blobBaseFee","params":[]}' }).then((answer) => answer.body.json()),
    ]);
  };
  /** CPU ms of this process and wall ms per call, over `count` sequential calls after a warm-up. */
  const measure = async (work: () => Promise<unknown>, count: number) => {
    for (let i = 0; i < 10; i++) await work();
    const cpu = process.cpuUsage();
    const walls: number[] = [];
    for (let i = 0; i < count; i++) {
      const start = performance.now();
      await work();
      walls.push(performance.now() - start);
    }
    const used = process.cpuUsage(cpu);
    return { cpuMs: (used.user + used.system) / 1000 / count, wallMs: median(walls) };
  };
  const figures: Figure[] = [];
  const lines: string[] = [`== Gas dashboard: a poll in main (${polls} sequential polls after a warm-up; CPU of this process per poll)`];
  try {
    const viaApi = await measure(() => gas.pollOnce('local', signal), polls);
    const viaRaw = await measure(raw, polls);
    const local = await measure(() => gas.pollOnce('nogas', signal), polls);
    const localRaw = await measure(rawLocal, polls);
    figures.push(
      { section, what: 'a poll on a network with a gas API: CPU of this process per poll', value: viaApi.cpuMs, unit: 'ms', digits: 3, reference: { what: 'the same 3 requests sent raw (undici, JSON parsed)', value: viaRaw.cpuMs } },
      { section, what: 'a poll on a network with a gas API: wall time, median', value: viaApi.wallMs, unit: 'ms', reference: { what: 'the same 3 requests sent raw', value: viaRaw.wallMs } },
      { section, what: 'a poll without a gas API (estimate from the fee-history window): CPU per poll', value: local.cpuMs, unit: 'ms', digits: 3, reference: { what: 'its 3 requests sent raw', value: localRaw.cpuMs } },
      { section, what: 'a poll without a gas API: wall time, median', value: local.wallMs, unit: 'ms', reference: { what: 'its 3 requests sent raw', value: localRaw.wallMs } },
    );
    lines.push(
      `gas API network: ${fmt(viaApi.cpuMs, 3)} ms CPU per poll (median ${fmt(viaApi.wallMs)} ms wall) vs the same 3 requests raw ${fmt(viaRaw.cpuMs, 3)} ms CPU (${fmt(viaRaw.wallMs)} ms): ${formatRatio(viaApi.cpuMs / viaRaw.cpuMs)}`,
      `no gas API (local estimate from the fee-history window): ${fmt(local.cpuMs, 3)} ms CPU per poll (median ${fmt(local.wallMs)} ms wall) vs its 3 requests raw ${fmt(localRaw.cpuMs, 3)} ms CPU (${fmt(localRaw.wallMs)} ms): ${formatRatio(local.cpuMs / localRaw.cpuMs)}`,
    );

    // Memory over an hour of samples: 360 polls (an hour at the default interval), back to back.
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const fileBytes = () => ['blockglass.sqlite', 'blockglass.sqlite-wal'].reduce((sum, name) => sum + (fs.existsSync(path.join(dataDir, name)) ? fs.statSync(path.join(dataDir, name)).size : 0), 0);
    store.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    gc();
    const heapBefore = process.memoryUsage().heapUsed;
    const rowsBefore = Number((store.db.prepare('SELECT COUNT(*) AS n FROM gas_samples').all() as { n: number }[])[0]!.n);
    const bytesBefore = fileBytes();
    const hour = 360;
    const anvil = nodeClient(options.anvilUrl);
    const mine = () => anvil.request({ method: 'evm_mine', params: [] });
    for (let i = 0; i < hour; i++) {
      await mine();
      await gas.pollOnce(i % 2 === 0 ? 'nogas' : 'local', signal);
    }
    store.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    gc();
    const heapAfter = process.memoryUsage().heapUsed;
    const rowsAfter = Number((store.db.prepare('SELECT COUNT(*) AS n FROM gas_samples').all() as { n: number }[])[0]!.n);
    const grownKiB = (fileBytes() - bytesBefore) / 1024;
    figures.push(
      { section, what: `heap after GC after an hour of polls (${hour}, a block mined before each, two networks taking turns)`, value: heapAfter / 1048576, unit: 'MiB', digits: 1, reference: { what: 'heap after GC before them', value: heapBefore / 1048576 } },
      { section, what: `the store file's growth for the hour's ${rowsAfter - rowsBefore} new samples`, value: grownKiB, unit: 'KiB', digits: 0 },
    );
    lines.push(
      `an hour of polls (${hour}, a block mined before each, two networks taking turns): heap after GC ${fmt(heapBefore / 1048576, 1)} MB before, ${fmt(heapAfter / 1048576, 1)} MB after (${fmt((heapAfter - heapBefore) / 1048576, 2)} MB); ` +
        `${rowsAfter - rowsBefore} new samples, the store file ${fmt(grownKiB, 0)} KiB larger`,
    );
  } finally {
    await rpc.close();
    store.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return { figures, lines };
}

/**
 * A data folder holding the seeded chain and a week of samples (one per 10 s) for the Local chain: kept under the
 * Local network's key before its chain is known (`network:local`), which the app's Local network adopts when it
 * learns its chain, as it adopts rows of a schema before chain keys.
 */
function weekOfSamples(seededChainDir: string): { dataDir: string; samples: number } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-bench-gas-week-'));
  const chain = path.join(dataDir, 'sandbox', 'chain');
  fs.mkdirSync(chain, { recursive: true });
  for (const file of SAVED_CHAIN_FILES) if (fs.existsSync(path.join(seededChainDir, file))) fs.copyFileSync(path.join(seededChainDir, file), path.join(chain, file));
  const store = openStore(dataDir);
  const insert = store.db.prepare('INSERT INTO gas_samples (chain, block, ts, base_fee, source, congestion, p_low, p_medium, p_high, m_low, m_medium, m_high) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const now = Date.now();
  const samples = 7 * 24 * 360;
  store.transaction(() => {
    for (let i = 0; i < samples; i++) {
      const ts = now - (samples - i) * 10_000;
      // A fixture shaped like a week of mainnet: a daily swell and faster waves on it.
      const base = 12 + 8 * Math.sin((i / 8640) * 2 * Math.PI) + 3 * Math.sin(i / 97);
      insert.run(networkChainKey('local'), 50_000_000 + i, ts, BigInt(Math.round(base * 1e9)), 'api', 0.5, 0.05, 0.5, 2, base * 1.1 + 0.05, base * 1.25 + 0.5, base * 1.5 + 2);
    }
  });
  store.close();
  return { dataDir, samples };
}

async function benchRender(options: GasDashboardBenchOptions): Promise<SectionResult> {
  const { dataDir, samples } = weekOfSamples(options.seededChainDir);
  const child = spawn(process.execPath, ['scripts/serve.mjs', '--port', '0', '--data', dataDir, '--no-open', '--json'], { cwd: projectRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output = `${output}${chunk.toString()}`.slice(-8000)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const url = new URL(
      await new Promise<string>((resolve, reject) => {
        readline.createInterface({ input: child.stdout! }).once('line', (line) => resolve((JSON.parse(line) as { url: string }).url));
        child.once('exit', (code) => reject(new Error(`serve exited with ${code}:\n${output}`)));
      }),
    );
    const page = await (await browser.newContext({ viewport: { width: 1360, height: 1400 } })).newPage();
    await page.goto(`${url.origin}/gas${url.hash}`);
    await page.getByTestId('max-fee-medium').waitFor({ timeout: 180_000 });
    const shown = samples.toLocaleString('en-US');
    /** Clicks a range tab and answers ms from the click to the frame after the chart holding `expected` samples drew. */
    const time = async (tab: 'Hour' | 'Week', expected: RegExp) => {
      const start = await page.evaluate(() => performance.now());
      await page.getByRole('tab', { name: tab }).click();
      await page.getByTestId('history-samples').filter({ hasText: expected }).waitFor({ timeout: 60_000 });
      return page.evaluate(
        (from) => {
          const frame = (globalThis as unknown as { requestAnimationFrame(callback: () => void): void }).requestAnimationFrame;
          return new Promise<number>((resolve) => frame(() => frame(() => resolve(performance.now() - from))));
        },
        start,
      );
    };
    const cold = await time('Week', /^\d{2},\d{3} samples/);
    const stated = /^[\d,]+/.exec((await page.getByTestId('history-samples').textContent()) ?? '')?.[0] ?? '?';
    const week: number[] = [];
    const hour: number[] = [];
    for (let round = 0; round < (options.quick ? 3 : 7); round++) {
      hour.push(await time('Hour', /^[\d,]+ samples stored|^No samples/));
      week.push(await time('Week', /^\d{2},\d{3} samples/));
    }
    const figures: Figure[] = [
      { section, what: `the Week chart, first open (${stated} samples read and bucketed in main, then drawn), click to the frame after it drew`, value: cold, unit: 'ms', digits: 0 },
      { section, what: `the Week chart again (cached), median of ${week.length}`, value: median(week), unit: 'ms', digits: 0, reference: { what: 'the Hour chart in the same page, median', value: median(hour) } },
    ];
    return {
      figures,
      lines: [
        `== Gas dashboard: render with a week of samples (${shown} stored, one per 10 s; Chromium via the web host; click to the frame after the chart drew)`,
        `Week, first open (${stated} samples in the range read and bucketed in main, then drawn): ${fmt(cold, 0)} ms`,
        `Week again (cached): median ${fmt(median(week), 0)} ms; Hour in the same page: median ${fmt(median(hour), 0)} ms; Week / Hour: ${formatRatio(median(week) / median(hour))}`,
      ],
    };
  } finally {
    await browser.close();
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
