import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { chromium } from '@playwright/test';
import { chainPaths } from '../src-sandbox/chain/chainState';
import { copySeededSandbox } from '../test-support/seededSandbox';
import { rawJsonRpc } from '../test-support/rawJsonRpc';
import { median, stopChild } from './benchKit';
import { HOME } from './pageLoads';
import { formatRatio, ratioOf, verdict, type Figure, type SectionResult } from './report';

// The sandbox's stop and the app's first start, as a person meets them:
//  - stop: `npm run sandbox` on a copy of the seeded chain, a week fast-forwarded (its 1,440 blocks of traffic) and a
//    block a second after, stopped with SIGTERM: the time from the signal to the process's exit, median of five; each
//    stop is followed by a start on the same folder, whose head must be at or past the one read just before the stop;
//  - first start: the web host on an empty data folder (it seeds its Local sandbox), from the spawn to the home's
//    latest blocks painted in Chromium, beside the seed time that same sandbox wrote in its manifest.
// Nothing here is typed in by hand.

const STOP_TARGET_S = 2;
const FIRST_START_RATIO = 1.5;
const KEY = 'lifecyclekey0000000000000000001';

interface Running {
  child: ChildProcess;
  rpcUrl: string;
  /** Lines the sandbox printed on stderr, as they come. */
  lines: string[];
}

async function startSandboxCli(projectRoot: string, dataDir: string, extra: string[]): Promise<Running> {
  const child = spawn(process.execPath, ['scripts/sandbox.mjs', '--json', '--port', '0', '--data', dataDir, '--block-time', '1', ...extra], {
    cwd: projectRoot,
    env: { ...process.env, BLOCKGLASS_SANDBOX_KEY: KEY },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  readline.createInterface({ input: child.stderr! }).on('line', (line) => lines.push(line));
  const ready = await new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the sandbox exited with ${code}: ${lines.slice(-5).join(' | ')}`)));
  });
  return { child, rpcUrl: (JSON.parse(ready) as { rpcUrl: string }).rpcUrl, lines };
}

async function headOf(rpcUrl: string): Promise<number> {
  return Number((await rawJsonRpc(rpcUrl, 'eth_blockNumber')).body.result as string);
}

/** Polls until `check` holds (a readiness condition, never a fixed sleep), or throws after `timeoutMs`. */
async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`no ${what} within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The stop bench: a week-old sandbox stopped with SIGTERM, then started again on the same folder. */
export async function benchSandboxStop(options: { quick: boolean; projectRoot: string; seededDir: string }): Promise<SectionResult> {
  const runs = options.quick ? 3 : 5;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-bench-stop-'));
  copySeededSandbox(options.seededDir, dataDir);
  const stops: number[] = [];
  const lines = [`== Sandbox stop (a week fast-forwarded, a block a second; SIGTERM to exit, median of ${runs}; each followed by a start on the same folder)`];
  let running = await startSandboxCli(options.projectRoot, dataDir, ['--fast-forward', '168']);
  try {
    await until(() => running.lines.some((line) => line.includes('traffic: mining a block every')), 'end of the fast-forward', 15 * 60_000);
    let restartsBehind = 0;
    for (let i = 0; i < runs; i++) {
      const from = await headOf(running.rpcUrl);
      await until(async () => (await headOf(running.rpcUrl)) >= from + 3, 'three live blocks', 60_000);
      const before = await headOf(running.rpcUrl);
      const exited = new Promise((resolve) => running.child.once('exit', resolve));
      const started = performance.now();
      running.child.kill('SIGTERM');
      await exited;
      const seconds = (performance.now() - started) / 1000;
      stops.push(seconds);
      const snapshotMb = fs.statSync(chainPaths(dataDir).live).size / 1024 / 1024;
      running = await startSandboxCli(options.projectRoot, dataDir, []);
      const after = await headOf(running.rpcUrl);
      if (after < before) restartsBehind += 1;
      lines.push(`  stop ${i + 1}: ${seconds.toFixed(2)} s at block ${before}; live snapshot ${snapshotMb.toFixed(0)} MB; started again at block ${after}`);
    }
    const section = 'Sandbox';
    const stop: Figure = { section, what: `stop of a week-old sandbox, SIGTERM to exit, median of ${runs}`, value: median(stops), unit: 's', digits: 2, target: { kind: 'below', limit: STOP_TARGET_S } };
    const behind: Figure = { section, what: 'starts after a stop whose head was behind the one before it', value: restartsBehind, unit: 'starts', digits: 0, target: { kind: 'below', limit: 0.5 } };
    lines.push(`stop: ${stop.value.toFixed(2)} s ${verdict(stop)}; starts behind the head they stopped at: ${restartsBehind} of ${runs} ${verdict(behind)}`);
    return { figures: [stop, behind], lines };
  } finally {
    await stopChild(running.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The first start: the web host on an empty folder, to the home's latest blocks painted, beside its sandbox's seed time. */
export async function benchFirstStart(options: { projectRoot: string }): Promise<SectionResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-bench-first-'));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'], headless: true });
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/serve.mjs', '--port', '0', '--data', dataDir, '--no-open', '--json'], { cwd: options.projectRoot, stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const url = new URL(
      await new Promise<string>((resolve, reject) => {
        readline.createInterface({ input: child.stdout! }).once('line', (line) => resolve((JSON.parse(line) as { url: string }).url));
        child.once('exit', (code) => reject(new Error(`serve exited with ${code}`)));
      }),
    );
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${url.origin}/explorer${url.hash}`);
    await page.waitForSelector(HOME, { timeout: 180_000 });
    const firstHead = (performance.now() - started) / 1000;
    const manifest = JSON.parse(fs.readFileSync(path.join(dataDir, 'sandbox', 'chain', 'manifest.json'), 'utf8')) as { seedSeconds: number };
    const section = 'Sandbox';
    const reference = { what: "the seed time its sandbox wrote in its manifest", value: manifest.seedSeconds };
    const figure: Figure = { section, what: 'first start on an empty data folder to the home showing live blocks', value: firstHead, unit: 's', digits: 1, reference, target: { kind: 'ratioAtMost', limit: FIRST_START_RATIO } };
    return {
      figures: [figure],
      lines: [`== App first start (web host, empty data folder)`, `${figure.what}: ${firstHead.toFixed(1)} s vs ${reference.what} ${reference.value.toFixed(1)} s (${formatRatio(ratioOf(figure) ?? Number.NaN)}) ${verdict(figure)}`],
    };
  } finally {
    await stopChild(child);
    await browser.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
