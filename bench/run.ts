import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { bundleNodeEntry } from '../scripts/build.mjs';
import { SANDBOX_NODE_FLAGS } from '../src-main/services/sandbox/sandboxNodeFlags';
import { benchApp } from './app';
import { benchCall } from './call';
import { benchContentStore } from './content';
import { benchContentSave } from './contentSave';
import { benchExplorer } from './explorer';
import { benchGasApi } from './gas';
import { benchGasDashboard } from './gasDashboard';
import { benchHistory } from './history';
import { benchApprovals } from './approvals';
import { benchCallers } from './callers';
import { benchPages } from './pages';
import { table } from './benchKit';
import { benchSoak, soakOptionsOf } from './soak';
import { benchNodeGrowth } from './nodeGrowth';
import { benchFirstStart, benchSandboxStop } from './sandboxLifecycle';
import { benchTrace } from './trace';
import { addBenchLogs, benchLogs } from './logs';
import { measureRpc, type LoadResult } from './load';
import { describeMachine, headCommit, loadAverage } from './machine';
import { countMet, isMet, renderReport, verdict, type Figure, type SectionResult, type Skipped } from './report';

// npm run bench: every figure is measured in this run, on this machine, side by side with its
// reference (the bare Anvil node behind the sandbox, curl, the disk...), printed as it comes and
// written at the end to bench/RESULTS.md (report.ts). Nothing here is typed in by hand.

interface ChildInfo {
  chainId: number;
  rpcUrl: string;
  gasUrl: string;
  storageUrl: string;
  key: string;
  secret: string;
  pid: number;
  anvilUrl: string;
  readySeconds: number;
  seedSeconds: number;
}

/** The benchmark's sandbox process, bundled like the app's (`out/sandbox/cli.mjs`) and run by plain node. */
const SANDBOX_CHILD = path.resolve('.cache', 'bench', 'sandboxChild.mjs');

async function startChild(dataDir: string, fresh: boolean): Promise<{ info: ChildInfo; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [...SANDBOX_NODE_FLAGS, SANDBOX_CHILD, dataDir, fresh ? 'fresh' : ''], {
    stdio: ['pipe', 'pipe', 'inherit'], // stdin: the child stops when this process goes (sandboxChild.ts)
  });
  const line = await new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`benchmark sandbox exited with code ${code}`)));
  });
  return {
    info: { ...(JSON.parse(line) as ChildInfo), pid: child.pid! },
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/** Resident memory of a process in MB (MiB), from /proc (Linux); NaN where it cannot be read. */
function rssMb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/**
 * The log-query benchmark on a chain of its own: a copy of the seeded one with LogStorm events added to reach
 * 100,000 (the seed has 60,000), saved, and restarted from, so the other benchmarks keep the seeded chain.
 */
async function logsBench(seededDir: string, quick: boolean): Promise<SectionResult> {
  const logsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-bench-logs-chain-'));
  try {
    fs.cpSync(path.join(seededDir, 'chain'), path.join(logsDir, 'chain'), { recursive: true });
    const adding = await startChild(logsDir, false);
    await addBenchLogs(adding.info.anvilUrl, logsDir);
    await adding.stop();
    const { info, stop } = await startChild(logsDir, false);
    try {
      return await benchLogs({ quick, rpcUrl: info.rpcUrl, anvilUrl: info.anvilUrl, dataDir: logsDir });
    } finally {
      await stop();
    }
  } finally {
    fs.rmSync(logsDir, { recursive: true, force: true });
  }
}

const rpc = (method: string, params: unknown[]) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });
const fmt = (value: number, digits = 2) => value.toFixed(digits);
const SECTIONS = ['logs', 'app', 'explorer', 'call', 'gas', 'content', 'history', 'approvals', 'callers', 'pages', 'trace', 'stop', 'firstStart', 'nodes', 'soak'] as const;
type Only = (typeof SECTIONS)[number];
const SEED_TARGET_S = 60;
const THROUGHPUT_TARGET = 0.85;
const ADDED_P50_TARGET_MS = 1;
/** The full report, committed; partial runs write beside the build cache instead, never over it. */
const REPORT = path.resolve('bench', 'RESULTS.md');

/** The sandbox's start figures (its seeding, then a restart from the saved chain). */
function sandboxFigures(seeding: ChildInfo, restarted: ChildInfo, restRssMb: number): SectionResult {
  const section = 'Sandbox';
  const ready: Figure = { section, what: 'fresh start to ready (Anvil, compile contracts, seed, save)', value: seeding.readySeconds, unit: 's', digits: 1, target: { kind: 'below', limit: SEED_TARGET_S } };
  return {
    figures: [
      ready,
      { section, what: 'of which the seed', value: seeding.seedSeconds, unit: 's', digits: 1 },
      { section, what: 'restart from the saved chain to ready', value: restarted.readySeconds, unit: 's', digits: 1 },
      { section, what: 'sandbox process RSS at rest after the restart', value: restRssMb, unit: 'MiB', digits: 0 },
    ],
    lines: [
      `seed: ${fmt(seeding.seedSeconds, 1)} s   start to ready (incl. Anvil, seed, state save): ${fmt(seeding.readySeconds, 1)} s   ${verdict(ready)}`,
      `restart from the saved chain: ${fmt(restarted.readySeconds, 1)} s; sandbox process RSS at rest: ${fmt(restRssMb, 0)} MB`,
    ],
  };
}

/** The gateway against Anvil directly, for each method: a table of the raw figures, and the judged ones. */
async function gatewayVersusAnvil(info: ChildInfo, quick: boolean): Promise<SectionResult> {
  const options = { latencySamples: quick ? 300 : 2000, concurrency: 16, seconds: quick ? 2 : 6 };
  const cases: [string, string][] = [
    ['eth_blockNumber', rpc('eth_blockNumber', [])],
    ['eth_getBlockByNumber(latest, true)', rpc('eth_getBlockByNumber', ['latest', true])],
  ];
  const lines = [`== Gateway vs Anvil directly (HTTP keep-alive; latency: ${options.latencySamples} sequential calls; throughput: ${options.concurrency} in flight for ${options.seconds} s)`];
  const header = ['method', 'target', 'req/s', 'p50 ms', 'p99 ms', 'errors'];
  const rows: string[][] = [];
  const verdicts: string[] = [];
  const figures: Figure[] = [];
  const section = 'Gateway vs Anvil';
  for (const [name, body] of cases) {
    const direct: LoadResult = await measureRpc(info.anvilUrl, body, options);
    const gateway: LoadResult = await measureRpc(info.rpcUrl, body, options);
    rows.push([name, 'anvil', fmt(direct.requestsPerSecond, 0), fmt(direct.p50Ms, 3), fmt(direct.p99Ms, 3), String(direct.errors)]);
    rows.push([name, 'gateway', fmt(gateway.requestsPerSecond, 0), fmt(gateway.p50Ms, 3), fmt(gateway.p99Ms, 3), String(gateway.errors)]);
    const throughput: Figure = { section, what: `${name}: gateway throughput, ${options.concurrency} in flight`, value: gateway.requestsPerSecond, unit: 'req/s', digits: 0, reference: { what: 'Anvil directly', value: direct.requestsPerSecond }, target: { kind: 'ratioAtLeast', limit: THROUGHPUT_TARGET } };
    const latency: Figure = { section, what: `${name}: gateway latency, p50`, value: gateway.p50Ms, unit: 'ms', digits: 3, reference: { what: 'Anvil directly, p50', value: direct.p50Ms }, target: { kind: 'addsBelow', limit: ADDED_P50_TARGET_MS } };
    const tail: Figure = { section, what: `${name}: gateway latency, p99`, value: gateway.p99Ms, unit: 'ms', digits: 3, reference: { what: 'Anvil directly, p99', value: direct.p99Ms } };
    const errors: Figure = { section, what: `${name}: answers that were not a JSON-RPC result, through the gateway`, value: gateway.errors, unit: 'errors', digits: 0, reference: { what: 'Anvil directly', value: direct.errors } };
    figures.push(throughput, latency, tail, errors);
    verdicts.push(
      `${name}: throughput ${fmt((gateway.requestsPerSecond / direct.requestsPerSecond) * 100, 1)}% of direct (${verdict(throughput)}); ` +
        `added p50 ${fmt(gateway.p50Ms - direct.p50Ms, 3)} ms (${verdict(latency)})`,
    );
  }
  return { figures, lines: [...lines, ...table(header, rows), '', ...verdicts] };
}

async function main() {
  const quick = process.argv.includes('--quick');
  // `--only logs|app|explorer|call|gas|content|history|approvals|callers|pages|trace|stop|firstStart|nodes|soak`: just that section (after the seed), for working on it.
  // `nodes` (what each screen's reads cost Hardhat, Ganache and a bare Anvil) runs only so, as the soak does.
  // The soak runs only so (30 min on each network; `--minutes N` or BLOCKGLASS_SOAK_MINUTES, `--networks local,hardhat,ganache`).
  const onlyAt = process.argv.indexOf('--only');
  const only = onlyAt === -1 ? undefined : process.argv[onlyAt + 1];
  if (only !== undefined && !SECTIONS.includes(only as Only)) {
    console.error(`--only takes one of ${SECTIONS.join(', ')}; got ${only ?? 'nothing'}`);
    process.exitCode = 2;
    return;
  }
  const soakOptions = soakOptionsOf(process.argv, quick);
  if (typeof soakOptions === 'string') {
    console.error(soakOptions);
    process.exitCode = 2;
    return;
  }
  const startedAt = new Date();
  const started = performance.now();
  const machine = describeMachine(process.cwd());
  const loadAtStart = loadAverage();
  const figures: Figure[] = [];
  const skipped: Skipped[] = [];
  /** Prints a section's lines as they come, and keeps its figures for the report. */
  const take = (result: SectionResult) => {
    for (const line of result.lines) console.log(line);
    figures.push(...result.figures);
  };

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-bench-'));
  console.log(`Blockglass benchmarks: ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`);
  console.log('');
  await bundleNodeEntry('bench/sandboxChild.ts', SANDBOX_CHILD);
  try {
    console.log('== Sandbox seeding (fresh data folder: compile contracts, seed, save)');
    const seeding = await startChild(dataDir, true);
    await seeding.stop();
    // Measure a sandbox as it usually runs: restored from its saved chain. The seeding process still
    // holds the Solidity compiler (solc-js, hundreds of MB), which a restored sandbox never loads.
    const { info, stop } = await startChild(dataDir, false);
    take(sandboxFigures(seeding.info, info, rssMb(info.pid)));
    console.log('');
    try {
      const seededChainDir = path.join(dataDir, 'chain');
      const app = () => benchApp({ quick, seededChainDir });
      const explorer = () => benchExplorer({ quick, rpcUrl: info.rpcUrl, anvilUrl: info.anvilUrl, dataDir });
      const logs = () => logsBench(dataDir, quick);
      const gasDashboard = () => benchGasDashboard({ quick, rpcUrl: info.rpcUrl, gasUrl: info.gasUrl, anvilUrl: info.anvilUrl, key: info.key, secret: info.secret, seededChainDir });
      const contentSave = () => benchContentSave({ quick, storageUrl: info.storageUrl, key: info.key, secret: info.secret });
      const call = () => benchCall({ quick, rpcUrl: info.rpcUrl, anvilUrl: info.anvilUrl, dataDir });
      const history = () => benchHistory({ quick, rpcUrl: info.rpcUrl, anvilUrl: info.anvilUrl, dataDir });
      const approvals = () => benchApprovals({ quick, rpcUrl: info.rpcUrl, storageUrl: info.storageUrl, key: info.key, secret: info.secret, dataDir });
      const callers = () => benchCallers({ quick, rpcUrl: info.rpcUrl, anvilUrl: info.anvilUrl, dataDir });
      const trace = () => benchTrace({ quick, rpcUrl: info.rpcUrl, anvilUrl: info.anvilUrl, storageUrl: info.storageUrl, key: info.key, secret: info.secret, dataDir });
      const pages = () => benchPages({ quick, projectRoot: process.cwd(), dataDir, anvilUrl: info.anvilUrl, gasUrl: info.gasUrl, storageUrl: info.storageUrl, key: info.key, secret: info.secret });
      const soak = () => benchSoak({ projectRoot: process.cwd(), dataDir, ...soakOptions });
      const stopSection = () => benchSandboxStop({ quick, projectRoot: process.cwd(), seededDir: dataDir });
      const firstStart = () => benchFirstStart({ projectRoot: process.cwd() });
      const nodes = () => benchNodeGrowth({ quick });
      if (only !== undefined) {
        take(await { logs, app, call, gas: gasDashboard, content: contentSave, explorer, history, approvals, callers, pages, trace, stop: stopSection, firstStart, nodes, soak }[only as Only]());
      } else {
        take(await gatewayVersusAnvil(info, quick));
        console.log('');

        console.log('== Gas API (sequential requests)');
        take(await benchGasApi({ gasUrl: info.gasUrl, chainId: info.chainId, key: info.key, secret: info.secret, anvilUrl: info.anvilUrl }));
        console.log('');

        const contentBytes = (quick ? 64 : 256) * 1024 * 1024;
        console.log(`== Content store (${contentBytes / 1024 / 1024} MiB file; memory of the sandbox process)`);
        take(await benchContentStore({ storageUrl: info.storageUrl, key: info.key, secret: info.secret, sizeBytes: contentBytes, serverPid: info.pid }));
        console.log('');

        console.log("== Content browser: the app's streamed save vs curl and the disk");
        take(await contentSave());
        console.log('');

        console.log('== App: API bridge (web host WebSocket) vs calling the services directly; serve start to first paint with a live head; the explorer');
        if (!process.env.BLOCKGLASS_KEYRING_SESSION) {
          const why = 'the app needs a keychain; run `bash scripts/keyring-session.sh npm run bench`';
          console.log(`skipped: ${why}`);
          for (const section of ['App: API bridge and first paint', 'Explorer and data table', 'Log queries', 'Gas dashboard', 'Pages']) skipped.push({ section, why });
        } else {
          for (const part of [app, explorer, logs, gasDashboard, pages]) {
            take(await part());
            console.log('');
          }
        }
        take(await call());
        console.log('');

        console.log("== Address history: a trader's transactions and token transfers vs a raw scan of every block");
        take(await history());
        console.log('');

        console.log("== Approvals: a trader's approvals vs one raw eth_getLogs");
        take(await approvals());
        console.log('');

        console.log("== Who called a contract: the storage showcase's callers vs a raw scan of every block");
        take(await callers());
        console.log('');

        take(await trace());
        console.log('');

        take(await stopSection());
        console.log('');
        take(await firstStart());
        console.log('');
        console.log('(What each screen costs a development node runs on its own: `npm run bench -- --only nodes`.)');
        console.log('(The soak runs on its own, 30 min on each network: `npm run bench -- --only soak [--minutes N]`.)');
      }
    } finally {
      await stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  // The full report only from a full run: a run of one section, or one that skipped some, goes beside the
  // build cache so that it never overwrites the committed report.
  const file = only !== undefined ? path.resolve('.cache', 'bench', `RESULTS.only-${only}.md`) : skipped.length ? path.resolve('.cache', 'bench', 'RESULTS.partial.md') : REPORT;
  const run = {
    ...machine,
    startedAt: startedAt.toISOString(),
    durationSeconds: (performance.now() - started) / 1000,
    commitAtEnd: headCommit(process.cwd()),
    loadAverage: { start: loadAtStart, end: loadAverage() },
    quick,
  };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, renderReport(run, figures, skipped));
  const { met, targets } = countMet(figures);
  console.log('');
  console.log(`Report written: ${path.relative(process.cwd(), file)}${file === REPORT ? '' : ' (a partial run: bench/RESULTS.md is left as it was)'}`);
  for (const figure of figures.filter((f) => isMet(f) === false)) console.log(`missed: ${figure.section}: ${figure.what} (${verdict(figure)})`);
  console.log(`${met} of ${targets} targets met`);
}

await main();
