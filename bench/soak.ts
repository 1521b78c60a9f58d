import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { chromium, type Page } from '@playwright/test';
import type { SeedManifest } from '../src-sandbox/chain/manifest';
import { seedDevNode } from '../test-support/nodes/seedDevNode';
import { startGanache } from '../test-support/nodes/startGanache';
import { startHardhatNode } from '../test-support/nodes/startHardhatNode';
import { rawJsonRpc } from '../test-support/rawJsonRpc';
import { copySeededSandbox } from '../test-support/seededSandbox';
import { median, stopChild, table } from './benchKit';
import { HOME_IN_APP } from './pageLoads';
import { formatNumber, verdict, type Figure, type SectionResult } from './report';
import { demoFolderCid, describeProblem, devNodeCycle, localCycle, runCycle, type SoakStep } from './soakCycle';
import { allocatorSizes, describeAllocators, describeRenderers } from './soakDetail';
import { addAndPickNetwork, keepMining } from './soakNetworks';
import { findAppProcesses, quietUntilSteady, readAll, residentMib, SOAK_GROWTH, SOAK_QUIET, watchApp, type Watched } from './soakMemory';

// The soak (issue 41; `npm run bench -- --only soak`): the app left open, every screen visited in turn, over and
// over, on each network for a while; then, whether anything grew. The app runs on a fresh data folder (a copy of the
// seeded sandbox) with the Local sandbox mining a block a second, fast-forwarded a week first; then the suite's
// Hardhat and Ganache nodes, each seeded as the suite seeds them, added as a custom network through Settings as a
// person adds one, and kept mining a block a second (a transfer a second, each mined as it comes) while the app
// reads them. Resident memory of main (the web host), the renderer (Chromium's renderers, summed), the sandbox, its
// two Anvils and each dev node, and the sandbox's folder size, at the start, after the first cycle (the warm-up),
// in the middle and at the end, each time once the window has been left alone a moment (soakPhase says why); each
// judged at the end against its value after warm-up (within 25% + 50 MiB).

/** The networks the soak can run on, in the order it runs them. */
export const SOAK_NETWORKS = ['local', 'hardhat', 'ganache'] as const;
export type SoakNetwork = (typeof SOAK_NETWORKS)[number];

export interface SoakBenchOptions {
  projectRoot: string;
  /** A seeded sandbox data folder; the app gets a copy of it. */
  dataDir: string;
  /** How long each network's soak runs (it ends with the first cycle after this, and runs three cycles at least). */
  minutes: number;
  networks: readonly SoakNetwork[];
  /** Print the renderers' detail after every cycle too, and their allocators at each mark (bench/soakDetail.ts). */
  detail?: boolean;
}

/** Hours the Local sandbox's fast-forward mines into the past before the soak: a week. */
const FAST_FORWARD_HOURS = 168;
const BLOCK_SECONDS = 1;
/**
 * The live blocks the Local sandbox keeps (`--live-blocks`): fewer than the fast-forward mines, so its history window
 * is full from the start, as it is on a sandbox a week old (the fast-forward gives a week of time, not a week of blocks).
 */
const LIVE_BLOCKS = 1024;
const FIGURE_NAMES: Record<SoakNetwork, string> = { local: 'Local', hardhat: 'Hardhat', ganache: 'Ganache' };

/** The soak bench: one app, one window, each network's cycle for `minutes`, with its memory table and figures. */
export async function benchSoak(options: SoakBenchOptions): Promise<SectionResult> {
  const appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-bench-soak-'));
  copySeededSandbox(options.dataDir, path.join(appDir, 'sandbox'));
  const manifest = JSON.parse(fs.readFileSync(path.join(options.dataDir, 'chain', 'manifest.json'), 'utf8')) as SeedManifest;
  const header = [
    `== Soak: the app left open, every screen in turn, ${formatNumber(options.minutes, 1)} min on each of ${options.networks.map((network) => FIGURE_NAMES[network]).join(', ')}`,
    `(Local: the sandbox mining a block every ${BLOCK_SECONDS} s, fast-forwarded ${FAST_FORWARD_HOURS} h first, keeping ${LIVE_BLOCKS} live blocks (its window full, as a week on), renewed every ${LIVE_BLOCKS / 8}; dev nodes: a transfer a second, each mined as it comes. Memory is resident (RSS, MiB) from /proc;`,
    ` the renderer is the sum of Chromium's renderer processes; beside it, the page's JS heap after a forced GC; the folder is <data>/sandbox on disk, as du counts it.`,
    ` Each mark is read once the window has been left alone ${SOAK_QUIET.leastMs / 1000} s at least and until the renderers' RSS holds steady (at most ${SOAK_QUIET.mostMs / 1000} s); the renderers as the last page left them are shown beside, not judged.`,
    ` Target: each at the end within ${SOAK_GROWTH.limit * 100}% + ${SOAK_GROWTH.plus} MiB of its value after warm-up)`,
  ];
  for (const line of header) console.log(line);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'], headless: true });
  let child: ChildProcess | undefined;
  const results: SectionResult[] = [];
  try {
    // The app's log, kept short: the soak only looks for the sandbox's fast-forward and keeps a tail for a failure.
    let tail: string[] = [];
    let fastForward: string | undefined;
    child = spawn(process.execPath, ['scripts/serve.mjs', '--port', '0', '--data', appDir, '--no-open', '--json', '--sandbox-fast-forward', String(FAST_FORWARD_HOURS), '--sandbox-block-time', String(BLOCK_SECONDS), '--sandbox-live-blocks', String(LIVE_BLOCKS)], { cwd: options.projectRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    readline.createInterface({ input: child.stderr! }).on('line', (line) => {
      tail = [...tail.slice(-40), line];
      if (/fast-forward: mining/.test(line)) console.log(line.replace(/^\[blockglass\] /, ''));
      if (/fast-forward: (\d+)\/\1 blocks|fast-forward: the chain is already recent/.test(line)) fastForward = line.replace(/^\[blockglass\] /, '');
      // Each renewal of the live node (src-sandbox/liveNode.ts), as the sandbox says it, with how long it held requests.
      if (/live node renewed at block|live node's renewal failed|Anvil stopped unexpectedly/.test(line)) console.log(line.replace(/^\[blockglass\] /, ''));
    });
    const url = new URL(
      await new Promise<string>((resolve, reject) => {
        readline.createInterface({ input: child!.stdout! }).once('line', (line) => resolve((JSON.parse(line) as { url: string }).url));
        child!.once('exit', (code) => reject(new Error(`serve exited with ${code}:\n${tail.join('\n')}`)));
      }),
    );
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    await page.goto(`${url.origin}/explorer${url.hash}`);
    await page.waitForSelector(HOME_IN_APP, { timeout: 120_000 });
    const until = Date.now() + 20 * 60_000;
    while (fastForward === undefined) {
      if (Date.now() > until) throw new Error(`the sandbox's fast-forward did not finish in 20 min:\n${tail.join('\n')}`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    console.log(fastForward);
    const cdp = await context.newCDPSession(page);
    const heapMib = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      return (await cdp.send('Runtime.getHeapUsage')).usedSize / (1024 * 1024);
    };
    const app = watchApp(process.pid, appDir);
    const [main, renderer] = app;
    const browserCdp = await browser.newBrowserCDPSession();
    /**
     * Each renderer's memory and the page's counts (bench/soakDetail.ts); at a mark with --detail, each renderer's
     * allocators as Chromium accounts them too (a memory dump takes seconds, and frees memory itself: marks only).
     */
    const detail = async (atMark: boolean) => {
      const { renderers } = findAppProcesses(process.pid, appDir);
      console.log(`  ${await describeRenderers(renderers, cdp)}`);
      if (!atMark || !options.detail) return;
      const sizes = await allocatorSizes(browserCdp).catch((error: Error) => error);
      for (const pid of renderers) console.log(`    allocators (MiB) of ${sizes instanceof Error ? `${pid}: ${sizes.message}` : describeAllocators(pid, sizes, 2)}`);
    };
    /** Which renderer processes the figure sums, said before each network's soak. */
    const sayRenderers = () => console.log(`Chromium's renderer processes now: ${findAppProcesses(process.pid, appDir).renderers.map((pid) => `${pid} (${residentMib([pid]).toFixed(0)} MiB)`).join(', ')}`);
    for (const network of options.networks) {
      sayRenderers();
      if (network === 'local') {
        const steps = localCycle(manifest, await demoFolderCid(page));
        results.push(await soakPhase(page, url.href, 'Local', steps, app, options.minutes, heapMib, detail, options.detail ?? false));
      } else {
        const node = await (network === 'hardhat' ? startHardhatNode() : startGanache());
        try {
          const chain = await seedDevNode(node);
          const name = FIGURE_NAMES[network];
          await addAndPickNetwork(page, url, { name, chainId: node.chainId, url: node.url });
          const receipt = (await rawJsonRpc(node.url, 'eth_getTransactionReceipt', [chain.failed.customError.hash])).body.result as { blockNumber: string };
          const busy = await keepMining(node, BLOCK_SECONDS);
          try {
            const watched: Watched[] = [main!, renderer!, { name: `${name} node`, read: () => residentMib([node.pid]) }];
            results.push(await soakPhase(page, url.href, name, devNodeCycle(chain, BigInt(receipt.blockNumber)), watched, options.minutes, heapMib, detail, options.detail ?? false));
          } finally {
            const { sent, failed } = await busy.stop();
            console.log(`${name}: ${sent} transfers sent to keep it mining, ${failed} refused`);
          }
        } finally {
          await node.stop();
        }
      }
    }
    sayRenderers();
    await context.close();
    // The header was said as the soak began; the tables are printed once, together, by the caller (bench/run.ts).
    return { figures: results.flatMap((result) => result.figures), lines: results.flatMap((result, i) => (i === 0 ? result.lines : ['', ...result.lines])) };
  } finally {
    await browser.close();
    await stopChild(child);
    fs.rmSync(appDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
}

/**
 * One network's soak: the cycle once (the warm-up), then again and again until `minutes` of use have gone by (three
 * cycles at least), every watched thing read at the start, after warm-up, in the middle (after the first cycle past
 * half time) and at the end, each time once the window has been left alone a while (see `mark`).
 */
async function soakPhase(page: Page, appUrl: string, label: string, steps: SoakStep[], watched: Watched[], minutes: number, heapMib: () => Promise<number>, detail: (atMark: boolean) => Promise<void>, everyCycle: boolean): Promise<SectionResult> {
  const section = `Soak: ${label}`;
  console.log(`${label}: ${steps.length} pages a cycle: ${steps.map((step) => step.name).join(' · ')}`);
  const started = Date.now();
  let quietMs = 0;
  /** Minutes of use: the marks' quiet is not counted. */
  const elapsed = () => (Date.now() - started - quietMs) / 60_000;
  // Each mark is read as a person's window is when they look away from it: after a quiet of 15 s at least, and until
  // the renderers' RSS holds steady. A renderer in use holds the garbage of the pages just left until Chromium
  // collects it, which it does when the page goes idle (V8's memory reducer, Blink's idle-time collection): read at
  // an instant of back-to-back navigations (this soak shows five pages a second), the same window measured anywhere
  // between 240 and 430 MiB within a minute; left alone ten seconds it is back to what it holds. That instant is
  // shown beside, as "in use", and not judged. Besides RSS, the page's JavaScript heap after a forced collection
  // (read last, so the collection lowers nothing else): what the page itself still holds.
  const rendererAt = watched.findIndex((thing) => thing.name.startsWith('renderer'));
  const names = [...watched.map((thing) => thing.name), 'renderer in use (as the last page left it; not judged)', "the page's JS heap, after a forced GC"];
  const inUseAt = names.length - 2;
  const quiets: number[] = [];
  const mark = async () => {
    const inUse = watched[rendererAt]!.read();
    const from = Date.now();
    await quietUntilSteady(() => watched[rendererAt]!.read());
    quietMs += Date.now() - from;
    quiets.push((Date.now() - from) / 1000);
    const values = [...readAll(watched), inUse, await heapMib()];
    await detail(true);
    return values;
  };
  const start = await mark();
  const cycleSeconds: number[] = [];
  let problems = 0;
  // Each page's problem is printed the first time it shows, and counted every time; progress once a minute.
  const told = new Set<string>();
  let saidAt = 0;
  const cycle = async () => {
    const from = performance.now();
    const found = await runCycle(page, steps, appUrl);
    cycleSeconds.push((performance.now() - from) / 1000);
    problems += found.length;
    if (everyCycle) await detail(false);
    for (const problem of found) {
      if (!told.has(problem.step)) console.log(`  ${label}, cycle ${cycleSeconds.length}: ${describeProblem(problem)}`);
      told.add(problem.step);
    }
    if (Date.now() - saidAt >= 60_000 || cycleSeconds.length === 1) {
      saidAt = Date.now();
      console.log(`${label}: ${cycleSeconds.length} cycles, the last took ${cycleSeconds.at(-1)!.toFixed(1)} s; ${problems} pages with a problem so far (${elapsed().toFixed(1)} of ${minutes} min)`);
    }
  };
  await cycle();
  const warm = await mark();
  let middle: { values: number[]; at: number; cycle: number } | undefined;
  while (cycleSeconds.length < 3 || elapsed() < minutes || middle?.cycle === cycleSeconds.length) {
    await cycle();
    if (!middle && elapsed() >= minutes / 2) middle = { values: await mark(), at: elapsed(), cycle: cycleSeconds.length };
  }
  const end = await mark();
  const endAt = elapsed();

  const mib = (value: number) => formatNumber(value, 0);
  const figures: Figure[] = [];
  const rows = names.map((name, i) => {
    const judged = i !== inUseAt;
    const figure: Figure = {
      section,
      what: `${name} at the end (after ${cycleSeconds.length} cycles, ${endAt.toFixed(1)} min)`,
      value: end[i]!,
      unit: 'MiB',
      digits: 0,
      reference: { what: 'after warm-up (the first cycle)', value: warm[i]! },
      ...(judged ? { target: { kind: 'growsAtMost', limit: SOAK_GROWTH.limit, plus: SOAK_GROWTH.plus } as const } : {}),
    };
    figures.push(figure);
    const bound = warm[i]! * (1 + SOAK_GROWTH.limit) + SOAK_GROWTH.plus;
    const change = end[i]! - warm[i]!;
    return [name, mib(start[i]!), mib(warm[i]!), mib(middle!.values[i]!), mib(end[i]!), `${change >= 0 ? '+' : ''}${mib(change)}`, judged ? mib(bound) : '-', verdict(figure).replace(/^target .*: /, '')];
  });
  figures.push({ section, what: 'cycles', value: cycleSeconds.length, unit: 'cycles', digits: 0 }, { section, what: 'one cycle, median', value: median(cycleSeconds), unit: 's', digits: 1 }, { section, what: 'pages that did not show their content, or showed an error', value: problems, unit: 'pages', digits: 0 });
  const lines = [
    `== ${section}: ${cycleSeconds.length} cycles of ${steps.length} pages in ${endAt.toFixed(1)} min of use (a cycle: median ${median(cycleSeconds).toFixed(1)} s); ${problems} pages with a problem; each mark read after a quiet of ${quiets.map((seconds) => seconds.toFixed(0)).join(', ')} s`,
    ...table(['MiB', 'start', `warm-up (${(cycleSeconds[0]! / 60).toFixed(1)} min)`, `middle (${middle!.at.toFixed(1)} min)`, `end (${endAt.toFixed(1)} min)`, 'end − warm-up', 'bound', 'end within bound'], rows, 1),
  ];
  return { figures, lines };
}

/**
 * The soak's length and networks: `--minutes N` (or BLOCKGLASS_SOAK_MINUTES) on each network, 30 by default and 3 with
 * `--quick`; `--networks local,hardhat,ganache` (all by default); `--detail`: the renderers' detail after every cycle,
 * and their allocators at each mark.
 * A string says what is wrong.
 */
export function soakOptionsOf(argv: string[], quick: boolean): { minutes: number; networks: SoakNetwork[]; detail: boolean } | string {
  const flag = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] ?? '' : undefined);
  const minutesText = flag('--minutes') ?? process.env.BLOCKGLASS_SOAK_MINUTES;
  const minutes = minutesText === undefined ? (quick ? 3 : 30) : Number(minutesText);
  if (!(minutes > 0 && minutes <= 24 * 60)) return `--minutes (or BLOCKGLASS_SOAK_MINUTES) takes minutes above 0 and at most a day; got ${JSON.stringify(minutesText)}`;
  const networks = (flag('--networks') ?? SOAK_NETWORKS.join(',')).split(',').filter(Boolean);
  const unknown = networks.filter((network) => !SOAK_NETWORKS.includes(network as SoakNetwork));
  if (unknown.length > 0 || networks.length === 0) return `--networks takes some of ${SOAK_NETWORKS.join(',')}, comma-separated; got ${JSON.stringify(flag('--networks'))}`;
  return { minutes, networks: SOAK_NETWORKS.filter((network) => networks.includes(network)), detail: argv.includes('--detail') };
}
