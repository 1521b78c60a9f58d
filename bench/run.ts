import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { bundleNodeEntry } from '../scripts/build.mjs';
import { SANDBOX_NODE_FLAGS } from '../src-shared/process/sandboxNodeFlags';
import { benchApp } from './app';
import { benchCall } from './call';
import { benchContentStore } from './content';
import { benchContentSave } from './contentSave';
import { benchExplorer } from './explorer';
import { benchGasApi } from './gas';
import { benchGasDashboard } from './gasDashboard';
import { addBenchLogs, benchLogs } from './logs';
import { measureRpc, type LoadResult } from './load';

// npm run bench: every figure is measured in this run, on this machine, side by side with its
// reference (the bare Anvil node behind the sandbox). Nothing here is typed in by hand.

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
    stdio: ['ignore', 'pipe', 'inherit'],
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

/** Resident memory of a process in MB, from /proc (Linux). */
function rssMb(pid: number): string {
  const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? (Number(match[1]) / 1024).toFixed(0) : '?';
}

/**
 * The log-query benchmark on a chain of its own: a copy of the seeded one with LogStorm events added to reach
 * 100,000 (the seed has 60,000), saved, and restarted from, so the other benchmarks keep the seeded chain.
 */
async function logsBench(seededDir: string, quick: boolean): Promise<string[]> {
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

async function main() {
  const quick = process.argv.includes('--quick');
  // `--only logs|app|explorer|call|gas|content`: just that section (after the seed), for working on it.
  const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-bench-'));
  console.log(`Blockglass benchmarks: ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`);
  console.log('');
  await bundleNodeEntry('bench/sandboxChild.ts', SANDBOX_CHILD);
  try {
    console.log('== Sandbox seeding (fresh data folder: compile contracts, seed, save)');
    const seeding = await startChild(dataDir, true);
    console.log(`seed: ${fmt(seeding.info.seedSeconds, 1)} s   start to ready (incl. Anvil, seed, state save): ${fmt(seeding.info.readySeconds, 1)} s   target < 60 s: ${seeding.info.readySeconds < 60 ? 'met' : 'MISSED'}`);
    await seeding.stop();
    // Measure a sandbox as it usually runs: restored from its saved chain. The seeding process still
    // holds the Solidity compiler (solc-js, hundreds of MB), which a restored sandbox never loads.
    const { info, stop } = await startChild(dataDir, false);
    console.log(`restart from the saved chain: ${fmt(info.readySeconds, 1)} s; sandbox process RSS at rest: ${rssMb(info.pid)} MB`);
    console.log('');
    try {
      if (only === 'logs') {
        for (const line of await logsBench(dataDir, quick)) console.log(line);
        return;
      }
      if (only === 'app') {
        for (const line of await benchApp({ quick, seededChainDir: path.join(dataDir, 'chain') })) console.log(line);
        return;
      }
      if (only === 'call') {
        for (const line of await benchCall({ quick, rpcUrl: info.rpcUrl, anvilUrl: info.anvilUrl, dataDir })) console.log(line);
        return;
      }
      if (only === 'gas') {
        for (const line of await benchGasDashboard({ quick, rpcUrl: info.rpcUrl, gasUrl: info.gasUrl, anvilUrl: info.anvilUrl, key: info.key, secret: info.secret, seededChainDir: path.join(dataDir, 'chain') })) console.log(line);
        return;
      }
      if (only === 'content') {
        for (const line of await benchContentSave({ quick, storageUrl: info.storageUrl, key: info.key, secret: info.secret })) console.log(line);
        return;
      }
      if (only === 'explorer') {
        for (const line of await benchExplorer({ quick, rpcUrl: info.rpcUrl, anvilUrl: info.anvilUrl, dataDir })) console.log(line);
        return;
      }
      const options = { latencySamples: quick ? 300 : 2000, concurrency: 16, seconds: quick ? 2 : 6 };
      const cases: [string, string][] = [
        ['eth_blockNumber', rpc('eth_blockNumber', [])],
        ['eth_getBlockByNumber(latest, true)', rpc('eth_getBlockByNumber', ['latest', true])],
      ];
      console.log(`== Gateway vs Anvil directly (HTTP keep-alive; latency: ${options.latencySamples} sequential calls; throughput: ${options.concurrency} in flight for ${options.seconds} s)`);
      const header = ['method', 'target', 'req/s', 'p50 ms', 'p99 ms', 'errors'];
      const rows: string[][] = [];
      const verdicts: string[] = [];
      for (const [name, body] of cases) {
        // Alternate the order so neither side always runs on a warmer machine.
        const direct: LoadResult = await measureRpc(info.anvilUrl, body, options);
        const gateway: LoadResult = await measureRpc(info.rpcUrl, body, options);
        rows.push([name, 'anvil', fmt(direct.requestsPerSecond, 0), fmt(direct.p50Ms, 3), fmt(direct.p99Ms, 3), String(direct.errors)]);
        rows.push([name, 'gateway', fmt(gateway.requestsPerSecond, 0), fmt(gateway.p50Ms, 3), fmt(gateway.p99Ms, 3), String(gateway.errors)]);
        const ratio = gateway.requestsPerSecond / direct.requestsPerSecond;
        const added = gateway.p50Ms - direct.p50Ms;
        verdicts.push(
          `${name}: throughput ${fmt(ratio * 100, 1)}% of direct (target >= 85%: ${ratio >= 0.85 ? 'met' : 'MISSED'}); ` +
            `added p50 ${fmt(added, 3)} ms (target < 1 ms: ${added < 1 ? 'met' : 'MISSED'})`,
        );
      }
      printTable(header, rows);
      console.log('');
      for (const verdict of verdicts) console.log(verdict);
      console.log('');

      console.log('== Gas API (sequential requests)');
      const gasLines = await benchGasApi({ gasUrl: info.gasUrl, chainId: info.chainId, key: info.key, secret: info.secret, anvilUrl: info.anvilUrl });
      for (const line of gasLines) console.log(line);
      console.log('');

      const contentBytes = (quick ? 64 : 256) * 1024 * 1024;
      console.log(`== Content store (${contentBytes / 1024 / 1024} MiB file; memory of the sandbox process)`);
      const contentLines = await benchContentStore({ storageUrl: info.storageUrl, key: info.key, secret: info.secret, sizeBytes: contentBytes, serverPid: info.pid });
      for (const line of contentLines) console.log(line);
      console.log('');

      console.log("== Content browser: the app's streamed save vs curl and the disk");
      for (const line of await benchContentSave({ quick, storageUrl: info.storageUrl, key: info.key, secret: info.secret })) console.log(line);
      console.log('');

      console.log('== App: API bridge (web host WebSocket) vs calling the services directly; serve start to first paint with a live head; the explorer');
      if (!process.env.BLOCKGLASS_KEYRING_SESSION) {
        console.log('skipped: the app needs a keychain; run `bash scripts/keyring-session.sh npm run bench`');
      } else {
        const appLines = await benchApp({ quick, seededChainDir: path.join(dataDir, 'chain') });
        for (const line of appLines) console.log(line);
        console.log('');
        const explorerLines = await benchExplorer({ quick, rpcUrl: info.rpcUrl, anvilUrl: info.anvilUrl, dataDir });
        for (const line of explorerLines) console.log(line);
        console.log('');
        for (const line of await logsBench(dataDir, quick)) console.log(line);
        console.log('');
        for (const line of await benchGasDashboard({ quick, rpcUrl: info.rpcUrl, gasUrl: info.gasUrl, anvilUrl: info.anvilUrl, key: info.key, secret: info.secret, seededChainDir: path.join(dataDir, 'chain') })) console.log(line);
        console.log('');
      }
      for (const line of await benchCall({ quick, rpcUrl: info.rpcUrl, anvilUrl: info.anvilUrl, dataDir })) console.log(line);
    } finally {
      await stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function printTable(header: string[], rows: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}

await main();
