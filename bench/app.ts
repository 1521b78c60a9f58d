import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import WebSocket from 'ws';
import type { CallContext, MethodName } from '../src-shared/api/types';
import type { ServerMessage } from '../src-shared/api/wire';
import { createDispatcher } from '../src-main/services/api/createDispatcher';
import { createMemoryTransport, type MemoryTransport } from '../src-main/services/api/createMemoryTransport';
import { createAppServices, type AppServices } from '../src-main/services/app/createAppServices';
import { API_SOCKET_PATH, API_SUBPROTOCOL, TOKEN_PROTOCOL_PREFIX } from '../src-shared/api/apiSocket';
import { ensureBuild } from '../scripts/build.mjs';
import { startWebHost } from '../src-main/web/startWebHost';
import { SAVED_CHAIN_FILES } from '../src-shared/sandbox/savedChainFiles';
import { startAnvil } from '../src-sandbox/chain/anvil';
import { joinSections, verdict, type Figure, type SectionResult } from './report';

// The app's own costs, measured in this run on this machine, each beside its reference:
//  1. the web host's API bridge (WebSocket + dispatcher) against calling the same handler in-process;
//  2. first paint with a live head: `scripts/serve.mjs` (npm run serve) spawned cold until Chromium shows the status dot
//     announcing a block.
// Nothing here is typed in by hand: every figure printed is measured by this call.

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM_PATH = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
/** The status dot once it announces a head: `Connected to <name>, block N, <latency>`. */
const HEAD_DOT = '[role=img][aria-label^="Connected to "]';
const BRIDGE_TARGET_MS = 0.5;
const FIRST_PAINT_TARGET_S = 1.5;
const HEAD_TIMEOUT_MS = 60_000;
const SEED_TIMEOUT_MS = 5 * 60_000;

/** Options of {@link benchApp}. */
export interface AppBenchOptions {
  quick: boolean;
  /** A folder holding `anvil-state.gz` and `manifest.json`, copied into `<data>/sandbox/chain` so the app's sandbox restores instead of seeding. Without it, one unmeasured start seeds a chain first. */
  seededChainDir?: string;
}

const fmt = (value: number, digits = 3) => value.toFixed(digits);
/** Wall-clock milliseconds with sub-millisecond resolution; comparable with a page's `performance.timeOrigin + performance.now()`. */
const wallNow = () => performance.timeOrigin + performance.now();

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Measures the bridge, then first paint; returns their figures and printable lines. */
export async function benchApp(options: AppBenchOptions): Promise<SectionResult> {
  // A stale build would be rebuilt by the first `serve` and counted as its start-up: build it now, untimed.
  await ensureBuild((line) => process.stderr.write(`[bench] ${line}\n`));
  const bridge = await benchBridge(options.quick);
  return joinSections([bridge, await benchFirstPaint(options)]);
}

// ---------------------------------------------------------------------------------------------------
// 1. Bridge overhead

/** One way of making a call; resolves with the call's answer, throws when it failed. */
type Caller = (method: MethodName) => Promise<unknown>;

/**
 * Per-call latency of cheap contract methods over three paths, all in THIS process around ONE real
 * `createAppServices` (same store, same handler objects, same warmed JIT):
 *   - direct: `services.handlers[method]({}, context)`, the floor;
 *   - dispatcher: the same dispatcher the web host uses, over the in-memory transport (JSON both ways,
 *     schema check, microtask hops), to show how much of the overhead is the dispatcher's;
 *   - bridge: `startWebHost` around the same services, called by a Node `ws` client on 127.0.0.1 speaking
 *     `src-shared/api/wire.ts`, with the token subprotocol and the host's own Origin, as the page does.
 * Why in-process rather than a spawned `serve`: the handler measured directly is then the very one behind
 * the socket, so the difference is the bridge alone, not two processes' different warm-up, data or GC.
 * The cost of this choice: the client's framing and JSON parsing share the host's event loop and core, so
 * the bridge figure includes both ends of the socket (a browser would do its half in another process).
 * The sandbox is not started (`startSandbox: false`): these methods do not touch it, and its Anvil child
 * would only add noise. Calls are sequential (one in flight) after a warm-up, and the three paths take
 * turns in rounds, so none of them always runs on a warmer or quieter machine.
 */
async function benchBridge(quick: boolean): Promise<SectionResult> {
  const samples = quick ? 300 : 2000;
  const warmup = quick ? 200 : 500;
  const round = 50;
  const methodsMeasured: MethodName[] = ['settings.get', 'app.info'];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-bench-bridge-'));
  const logs: string[] = [];
  const log = (line: string) => logs.push(line);
  let services: AppServices | undefined;
  let host: Awaited<ReturnType<typeof startWebHost>> | undefined;
  let memory: MemoryTransport | undefined;
  let client: WireClient | undefined;
  try {
    const { version } = JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string };
    services = await createAppServices({ dataDir, shell: 'web', projectRoot, version, log, startSandbox: false, keychainService: 'blockglass-bench' });
    host = await startWebHost({ port: 0, rendererDir: path.join(projectRoot, 'out', 'renderer'), services, log });
    memory = createMemoryTransport(createDispatcher({ handlers: services.handlers, topics: services.topics, redact: services.redact, shell: 'web', log }), 'bench');
    client = await WireClient.open(host.url, host.origin);

    const handlers = services.handlers as unknown as Record<MethodName, (input: unknown, context: CallContext) => Promise<unknown>>;
    const context: CallContext = { shell: 'web', signal: new AbortController().signal };
    const memoryCaller = messageCaller((message) => memory!.send(message), (listener) => memory!.onMessage(listener));
    const wireClient = client;
    const paths: [string, Caller][] = [
      ['direct (handler in-process)', (method) => handlers[method]({}, context)],
      ['dispatcher (in-memory transport)', memoryCaller],
      ['bridge (web host WebSocket)', (method) => wireClient.call(method)],
    ];

    const lines = [
      `== API bridge overhead (${samples} sequential calls per method and path after ${warmup} warm-up; paths alternate every ${round} calls; web host, dispatcher and handlers in this process)`,
    ];
    const header = ['method', 'path', 'p50 ms', 'p99 ms', 'mean ms'];
    const rows: string[][] = [];
    const verdicts: string[] = [];
    const figures: Figure[] = [];
    const section = 'App: API bridge';
    for (const method of methodsMeasured) {
      for (const [, caller] of paths) for (let i = 0; i < warmup; i++) check(method, await caller(method));
      const latencies: number[][] = paths.map(() => []);
      for (let done = 0; done < samples; done += round) {
        const count = Math.min(round, samples - done);
        const turn = done / round;
        for (let k = 0; k < paths.length; k++) {
          const index = (k + turn) % paths.length; // rotate which path goes first
          const caller = paths[index]![1];
          const into = latencies[index]!;
          for (let i = 0; i < count; i++) {
            const start = performance.now();
            const value = await caller(method);
            into.push(performance.now() - start);
            check(method, value);
          }
        }
      }
      const stats = latencies.map((values) => {
        const sorted = [...values].sort((a, b) => a - b);
        return { p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), mean: values.reduce((sum, v) => sum + v, 0) / values.length };
      });
      paths.forEach(([name], i) => rows.push([method, name, fmt(stats[i]!.p50), fmt(stats[i]!.p99), fmt(stats[i]!.mean)]));
      const [direct, dispatcher, bridge] = stats as [(typeof stats)[0], (typeof stats)[0], (typeof stats)[0]];
      const overhead = bridge.p50 - direct.p50;
      const bridgeFigure: Figure = { section, what: `${method} through the bridge (web host WebSocket), p50`, value: bridge.p50, unit: 'ms', digits: 3, reference: { what: 'the same handler called in-process, p50', value: direct.p50 }, target: { kind: 'addsBelow', limit: BRIDGE_TARGET_MS } };
      const dispatcherFigure: Figure = { section, what: `${method} through the dispatcher alone (in-memory transport), p50`, value: dispatcher.p50, unit: 'ms', digits: 3, reference: { what: 'the same handler called in-process, p50', value: direct.p50 } };
      figures.push(bridgeFigure, dispatcherFigure);
      verdicts.push(
        `${method}: bridge overhead p50 ${fmt(overhead)} ms (bridge ${fmt(bridge.p50)} − direct ${fmt(direct.p50)}; ${verdict(bridgeFigure)}); ` +
          `p99 ${fmt(bridge.p99 - direct.p99)} ms; of which dispatcher ${fmt(dispatcher.p50 - direct.p50)} ms, socket ${fmt(bridge.p50 - dispatcher.p50)} ms`,
      );
    }
    lines.push(...table(header, rows), '', ...verdicts);
    return { figures, lines };
  } finally {
    client?.close();
    memory?.close();
    await host?.close();
    await services?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Throws unless a call answered what the method answers (so a failure cannot pass as speed). */
function check(method: MethodName, value: unknown): void {
  const answer = value as Record<string, unknown> | undefined;
  const ok = method === 'settings.get' ? typeof answer?.theme === 'string' : method === 'app.info' ? answer?.name === 'Blockglass' : answer !== undefined;
  if (!ok) throw new Error(`${method} answered ${JSON.stringify(value)}`);
}

/** Calls over a message pipe speaking the wire protocol: one id per call, answers matched by id. */
function messageCaller(
  send: (message: { t: 'call'; id: number; method: string; input: unknown }) => void,
  onMessage: (listener: (message: ServerMessage) => void) => void,
): Caller {
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  onMessage((message) => {
    if (message.t !== 'result') return;
    const waiter = pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id);
    if (message.ok) waiter.resolve(message.value);
    else waiter.reject(new Error(`${message.error.name}: ${message.error.shortMessage}`));
  });
  return (method) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      send({ t: 'call', id, method, input: {} });
    });
}

/** A Node WebSocket client of the web host's API, connecting as the page does. */
class WireClient {
  private constructor(
    private readonly socket: WebSocket,
    readonly call: Caller,
  ) {}

  /** Connects to `/api` with the token from the URL's fragment in `Sec-WebSocket-Protocol` and the host's own Origin. */
  static async open(url: string, origin: string): Promise<WireClient> {
    const token = new URL(url).hash.replace(/^#token=/, '');
    const socket = new WebSocket(`${origin.replace(/^http/, 'ws')}${API_SOCKET_PATH}`, [API_SUBPROTOCOL, `${TOKEN_PROTOCOL_PREFIX}${token}`], {
      origin,
      perMessageDeflate: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('unexpected-response', (_request, response) => reject(new Error(`the web host refused the API socket: HTTP ${response.statusCode}`)));
      socket.once('error', reject);
    });
    socket.on('error', () => undefined); // a failure surfaces as calls that never answer; close() ends it
    const listeners = new Set<(message: ServerMessage) => void>();
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      if (isBinary) return;
      const message = JSON.parse(data.toString('utf8')) as ServerMessage;
      for (const listener of listeners) listener(message);
    });
    const call = messageCaller(
      (message) => socket.send(JSON.stringify(message)),
      (listener) => listeners.add(listener),
    );
    return new WireClient(socket, call);
  }

  close(): void {
    this.socket.close();
  }
}

// ---------------------------------------------------------------------------------------------------
// 2. First paint with a live head

/** One measured start, in wall-clock ms since the spawn. */
interface PaintRun {
  ready: number;
  load: number;
  /** When the page first showed a status dot of any state (its UI up, before the head). */
  firstDot: number;
  /** When serve logged `sandbox: running at …` (its sandbox child restored the chain and answers). */
  sandbox: number;
  head: number;
  stop: number;
  label: string;
  leftovers: number;
}

/**
 * A person's cold start in the web shell: `scripts/serve.mjs` spawned (as `npm run serve` runs it, like the e2e
 * fixture, so SIGTERM reaches it) on a fresh data folder holding a copy of a seeded chain, until headless
 * Chromium, pointed at the URL of its ready line, shows the status dot announcing a block (the app up, the
 * sandbox restored and running, and a `network.health` head delivered to the page and rendered).
 * Chromium is launched, and the run's browser context and page are created, BEFORE the spawn: the browser's
 * own start-up is not the app's cost (a person's browser is usually already running).
 * The moments are taken where they happen: the spawn and the ready line in this process; the page's load
 * event, and the first animation frame after the dot's label first reads "block N" (a MutationObserver
 * installed before any script of the page), in the page; both on the machine's wall clock.
 */
async function benchFirstPaint(options: AppBenchOptions): Promise<SectionResult> {
  const runs = options.quick ? 1 : 3;
  const lines: string[] = [];
  let browser: Browser | undefined;
  let seedDir: string | undefined;
  try {
    const launchStart = performance.now();
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
    const launchMs = performance.now() - launchStart;

    let seeded = options.seededChainDir;
    if (!seeded) {
      const started = performance.now();
      seedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-bench-seed-'));
      await startToHead(browser, seedDir, SEED_TIMEOUT_MS);
      seeded = path.join(seedDir, 'sandbox', 'chain');
      lines.push(`(no seeded chain given: one unmeasured start seeded it first, ${fmt((performance.now() - started) / 1000, 1)} s)`);
    }
    if (!fs.existsSync(path.join(seeded, 'manifest.json')) || !SAVED_CHAIN_FILES.slice(0, 2).some((file) => fs.existsSync(path.join(seeded, file)))) {
      throw new Error(`${seeded} holds no manifest.json and snapshot: not a seeded chain folder`);
    }

    // The measured runs are restarts, as most starts are: each copies a data folder that one earlier,
    // unmeasured-for-the-target start made (app settings, the Local key, the sandbox's chain unpacked for
    // Anvil, its demo content). That earlier start, on a fresh data folder holding only the seeded chain,
    // is timed too and printed beside them.
    lines.unshift(
      `== First paint with a live head (serve spawned → headless Chromium shows "Connected to …, block N"; ${runs} restart${runs > 1 ? 's' : ''} of an installed app, after one first start)`,
      `Chromium launched before the spawns (not counted): ${fmt(launchMs / 1000, 2)} s`,
    );
    const template = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-bench-installed-'));
    const results: PaintRun[] = [];
    let firstStart: PaintRun;
    let anvilRestores: number[] = [];
    let chainBytes = Number.NaN;
    try {
      const chain = path.join(template, 'sandbox', 'chain');
      fs.mkdirSync(chain, { recursive: true });
      for (const file of SAVED_CHAIN_FILES) if (fs.existsSync(path.join(seeded, file))) fs.copyFileSync(path.join(seeded, file), path.join(chain, file));
      firstStart = await startToHead(browser, template, SEED_TIMEOUT_MS);
      const stateFile = path.join(template, 'sandbox', 'chain', SAVED_CHAIN_FILES[0]);
      chainBytes = fs.statSync(stateFile).size;
      anvilRestores = await anvilAloneRestoring(stateFile, runs);
      for (let i = 0; i < runs; i++) {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-bench-paint-'));
        try {
          fs.cpSync(template, dataDir, { recursive: true });
          results.push(await startToHead(browser, dataDir, HEAD_TIMEOUT_MS));
        } finally {
          fs.rmSync(dataDir, { recursive: true, force: true });
        }
      }
    } finally {
      fs.rmSync(template, { recursive: true, force: true });
    }

    const header = ['run', 'spawn→ready line', 'ready→page load', 'load→head dot', 'total', '(spawn→first dot)', '(spawn→sandbox running)', '(running→head dot)', 'stop (SIGTERM→exit)', 'dot label'];
    const s = (ms: number) => `${fmt(ms / 1000, 3)} s`;
    const columns: ((run: PaintRun) => number)[] = [
      (run) => run.ready,
      (run) => run.load - run.ready,
      (run) => run.head - run.load,
      (run) => run.head,
      (run) => run.firstDot,
      (run) => run.sandbox,
      (run) => run.head - run.sandbox,
      (run) => run.stop,
    ];
    const rows = [
      ['first start', ...columns.map((column) => s(column(firstStart))), firstStart.label],
      ...results.map((run, i) => [`restart ${i + 1}`, ...columns.map((column) => s(column(run))), run.label]),
    ];
    if (results.length > 1) rows.push(['median (restarts)', ...columns.map((column) => s(median(results.map(column)))), '']);
    lines.push(...table(header, rows, 1), '');
    lines.push(
      '(inside the total, not added to it: first dot = the page showed its first status dot, of any state, e.g. "Connecting…";',
      ' sandbox running = serve logged that its sandbox child restored the chain and answers; running→head dot = from then to the head on the dot)',
    );
    const total = median(results.map((run) => run.head)) / 1000;
    lines.push(
      ' first start = a fresh data folder holding only the seeded chain: the app makes its settings and the Local key, the sandbox unpacks the chain and adds its demo content',
    );
    const section = 'App: first paint with a live head';
    // What bounds it: the sandbox's node restoring this very chain, with nothing else running (no app, no page).
    const anvilAlone = median(anvilRestores) / 1000;
    const restart: Figure = {
      section,
      what: `serve spawned to Chromium showing a head on the status dot, restart of an installed app, median of ${results.length}`,
      value: total,
      unit: 's',
      digits: 3,
      reference: { what: `Anvil alone restoring the same saved chain (spawn to its first answer), median of ${anvilRestores.length}`, value: anvilAlone },
      target: { kind: 'below', limit: FIRST_PAINT_TARGET_S },
    };
    lines.push(`Anvil alone restoring the same saved chain (${fmt(chainBytes / 1e6, 1)} MB), spawn to its first answer: median ${fmt(anvilAlone, 3)} s; all: ${anvilRestores.map((ms) => fmt(ms / 1000, 3)).join(', ')} s`);
    lines.push(`first paint with a live head, restart: median total ${fmt(total, 3)} s (${verdict(restart)}); first start: ${fmt(firstStart.head / 1000, 3)} s`);
    const leftovers = [firstStart, ...results].reduce((sum, run) => sum + run.leftovers, 0);
    lines.push(`processes left behind by the stopped hosts: ${leftovers}${leftovers > 0 ? ' (killed by the benchmark: the app did NOT stop them)' : ''}`);
    const figures: Figure[] = [
      restart,
      { section, what: 'the same, first start (a fresh data folder holding only the seeded chain)', value: firstStart.head / 1000, unit: 's', digits: 3 },
      { section, what: 'restart: spawn to serve logging its sandbox running, median', value: median(results.map((run) => run.sandbox)) / 1000, unit: 's', digits: 3 },
      { section, what: 'processes left behind by the stopped hosts (killed by the benchmark)', value: leftovers, unit: 'processes', digits: 0 },
    ];
    return { figures, lines };
  } finally {
    await browser?.close();
    if (seedDir) fs.rmSync(seedDir, { recursive: true, force: true });
  }
}

/** Ms from spawning Anvil on `stateFile` (as the sandbox does on a restart) to its first JSON-RPC answer, `runs` times. */
async function anvilAloneRestoring(stateFile: string, runs: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const anvil = await startAnvil({ args: ['--preserve-historical-states', '--load-state', stateFile], readyTimeoutMs: HEAD_TIMEOUT_MS });
    times.push(performance.now() - started);
    await anvil.stop();
  }
  return times;
}

/** What {@link HEAD_OBSERVER} leaves on the page's global object. (Page functions are passed to Playwright as
 * functions, not strings: the app's Content-Security-Policy forbids evaluating strings.) */
interface PageGlobals {
  __benchHead?: { label: string; seenAt: number; frameAt: number };
  /** When the first status dot of any state (e.g. "Connecting to …") was put in the page: the app's UI is up. */
  __benchFirstDot?: number;
  /** The page's (DOM) performance, which this Node-typed file does not know. */
  performance: { timeOrigin: number; getEntriesByType(type: 'navigation'): { loadEventEnd: number }[] };
}

/** The page-side marker: when the status dot first announced a head, and the frame that painted it. */
const HEAD_OBSERVER = `(() => {
  const now = () => performance.timeOrigin + performance.now();
  const check = () => {
    if (!window.__benchFirstDot && document.querySelector('[role=img][aria-label]')) window.__benchFirstDot = now();
    if (window.__benchHead) return;
    for (const element of document.querySelectorAll(${JSON.stringify(HEAD_DOT)})) {
      const label = element.getAttribute('aria-label') || '';
      if (!/block [0-9]/.test(label)) continue;
      const mark = { label, seenAt: now(), frameAt: 0 };
      window.__benchHead = mark;
      observer.disconnect();
      requestAnimationFrame(() => { mark.frameAt = now(); });
      return;
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-label', 'role'] });
})();`;

/** Spawns serve on `dataDir`, opens its URL in a new context, waits for the head dot, stops serve; timings from the spawn. */
async function startToHead(browser: Browser, dataDir: string, timeoutMs: number): Promise<PaintRun> {
  const context = await browser.newContext();
  await context.addInitScript({ content: HEAD_OBSERVER });
  const page = await context.newPage();
  let child: ChildProcess | undefined;
  let output = '';
  let exited: Promise<void> | undefined;
  let stopMs = 0;
  let leftovers = 0;
  let measured: Omit<PaintRun, 'stop' | 'leftovers'> | undefined;
  let sandboxAt: number | undefined;
  try {
    const spawnedAt = wallNow();
    child = spawn(process.execPath, ['scripts/serve.mjs', '--port', '0', '--data', dataDir, '--no-open', '--json'], {
      cwd: projectRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const running = child;
    exited = new Promise((resolve) => running.once('exit', () => resolve()));
    readline.createInterface({ input: running.stderr! }).on('line', (line) => {
      output = `${output}${line}\n`.slice(-8000);
      // The host's own progress line: when its sandbox answered (restored and serving), seen from here.
      if (sandboxAt === undefined && /sandbox: running at /.test(line)) sandboxAt = wallNow();
    });
    const url = await new Promise<string>((resolve, reject) => {
      readline.createInterface({ input: running.stdout! }).once('line', (line) => resolve((JSON.parse(line) as { url: string }).url));
      running.once('exit', (code) => reject(new Error(`serve exited with code ${code} before its ready line:\n${output}`)));
    });
    const readyAt = wallNow();
    await page.goto(url, { waitUntil: 'load', timeout: timeoutMs });
    try {
      await page.waitForFunction(() => ((globalThis as unknown as PageGlobals).__benchHead?.frameAt ?? 0) > 0, undefined, { timeout: timeoutMs });
    } catch (error) {
      throw new Error(`no head on the status dot within ${timeoutMs / 1000} s (${(error as Error).message.split('\n')[0]}); serve said:\n${output}`);
    }
    const marks = await page.evaluate(() => {
      const scope = globalThis as unknown as PageGlobals;
      const navigation = scope.performance.getEntriesByType('navigation')[0];
      return {
        head: scope.__benchHead!,
        firstDot: scope.__benchFirstDot ?? Number.NaN,
        load: scope.performance.timeOrigin + (navigation?.loadEventEnd ?? Number.NaN),
      };
    });
    measured = {
      ready: readyAt - spawnedAt,
      load: marks.load - spawnedAt,
      firstDot: marks.firstDot - spawnedAt,
      sandbox: sandboxAt === undefined ? Number.NaN : sandboxAt - spawnedAt,
      head: marks.head.frameAt - spawnedAt,
      label: marks.head.label,
    };
  } finally {
    await context.close();
    if (child && exited) {
      const stopStart = performance.now();
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      stopMs = performance.now() - stopStart;
      leftovers = killLeftovers(dataDir);
    }
  }
  if (!measured) throw new Error('unreachable: the run neither measured nor failed');
  return { ...measured, stop: stopMs, leftovers };
}

/** Processes whose command line names `dir` (the host's sandbox and its Anvil); SIGKILLs them and answers how many there were. */
function killLeftovers(dir: string): number {
  let found = 0;
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return 0; // no /proc: nothing to check with
  }
  for (const pid of entries) {
    if (Number(pid) === process.pid) continue;
    let commandLine: string;
    try {
      commandLine = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    if (!commandLine.includes(dir)) continue;
    found += 1;
    try {
      process.kill(Number(pid), 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

function table(header: string[], rows: string[][], leftColumns = 2): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i < leftColumns || i === cells.length - 1 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}
