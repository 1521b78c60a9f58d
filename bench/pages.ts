import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { chromium, type BrowserContext } from '@playwright/test';
import { readTiming } from '../src-main/services/api/describeTiming';
import type { RequestTiming } from '../src-shared/api/dispatcherTypes';
import { copySeededSandbox } from '../test-support/seededSandbox';
import { median, stopChild, table } from './benchKit';
import { verdict, type Figure, type SectionResult } from './report';
import { cold, EMPTY_ROUTE, firstVisit, HOME_IN_APP, warm } from './pageLoads';
import { pageCases, type PageCase } from './pageCases';
import { BREAKDOWN_PARTS, describeBreakdown, traceBreakdown, type TraceBreakdown, type TraceEvent } from './pageTrace';

// Every page a person opens, in the running app (web host, Chromium), each beside the same run's floor:
//  - cold: a fresh browser context on the running app, from navigation start to the page's content painted (once
//    the new window's own interface has settled, and, reported beside, without waiting for it); where the shell
//    draws the page's first frame, that is the frame, and the time until the app has taken it over (the page can be
//    used) is reported beside;
//  - warm, a first visit: a fresh window on the home, left idle, then a navigation (as a link does) to the page,
//    whose data that window has not read, to its content painted; the same navigation again is reported apart as
//    a revisit (its answers may come from the window's query cache: not a page load);
//  - the floor: the node reads that page needs, sent raw to Anvil (bench/pageCases.ts), plus the paint of an
//    empty route (the not-found page) in the same app, measured the same way (cold or warm).
// Medians of seven. A page with an action (a log query's Run, a call's Run) has it clicked by the page's own
// script as soon as it can be, and is timed to the outcome. Nothing here is typed in by hand.

const RUNS = 7;
const WARM_ADDS_MS = 60;
const WARM_BELOW_MS = 120;
const COLD_BELOW_MS = 350;

export interface PagesBenchOptions {
  quick: boolean;
  projectRoot: string;
  /** The bench sandbox: its data folder (the seeded chain the app gets a copy of), Anvil's own URL and its content store. */
  dataDir: string;
  anvilUrl: string;
  gasUrl: string;
  storageUrl: string;
  key: string;
  secret: string;
}

/** The page bench: a fresh app on a copy of the bench chain, every page cold and warm beside its floor. */
export async function benchPages(options: PagesBenchOptions): Promise<SectionResult> {
  const runs = options.quick ? 3 : RUNS;
  const appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-bench-pages-'));
  copySeededSandbox(options.dataDir, path.join(appDir, 'sandbox'));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'], headless: true });
  let child: ChildProcess | undefined;
  let context: BrowserContext | undefined;
  const rows: PageRow[] = [];
  // Main's own timing of every request (serve --timings), read from its log as they come.
  const timings: RequestTiming[] = [];
  try {
    const cdp = await browser.newBrowserCDPSession();
    child = spawn(process.execPath, ['scripts/serve.mjs', '--port', '0', '--data', appDir, '--no-open', '--json', '--timings'], { cwd: options.projectRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    readline.createInterface({ input: child.stderr! }).on('line', (line) => {
      const timing = readTiming(line);
      if (timing) timings.push(timing);
    });
    const url = new URL(
      await new Promise<string>((resolve, reject) => {
        readline.createInterface({ input: child!.stdout! }).once('line', (line) => resolve((JSON.parse(line) as { url: string }).url));
        child!.once('exit', (code) => reject(new Error(`serve exited with ${code}`)));
      }),
    );
    context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const window = await context.newPage();
    await window.goto(`${url.origin}/explorer${url.hash}`);
    await window.waitForSelector(HOME_IN_APP, { timeout: 120_000 }); // the app is up and its sandbox answers
    // BLOCKGLASS_BENCH_PAGES=gas,log: only the pages whose name holds one of these words (for working on them).
    const wanted = (process.env.BLOCKGLASS_BENCH_PAGES ?? '').split(',').map((word) => word.trim()).filter(Boolean);
    const cases = (await pageCases(options, window)).filter((page) => wanted.length === 0 || wanted.some((word) => page.name.includes(word)));

    // The empty route: the app's own cost of a page with nothing to read.
    const emptyCold: number[] = [];
    const emptyWarm: number[] = [];
    for (let i = 0; i < runs; i++) {
      emptyCold.push((await cold(browser, cdp, url.origin, url.hash, EMPTY_ROUTE.route, EMPTY_ROUTE.ready, null)).shown);
      emptyWarm.push(await warm(window, EMPTY_ROUTE.route, EMPTY_ROUTE.ready, null));
    }
    console.log(`empty route: cold ${median(emptyCold).toFixed(0)} ms, warm ${median(emptyWarm).toFixed(0)} ms`);
    for (const page of cases) {
      // Once, unmeasured: what a person's first visit of the day pays (the signature database, a contract's ABI)
      // is not what this measures; each run after it is a fresh context or a navigation.
      await cold(browser, cdp, url.origin, url.hash, page.route, page.ready, page.run);
      const reads: number[] = [];
      const coldRuns: number[] = [];
      const usableRuns: number[] = [];
      const warmRuns: number[] = [];
      const revisitRuns: number[] = [];
      const busyRuns: number[] = [];
      const coldTimings: RequestTiming[][] = [];
      for (let i = 0; i < runs; i++) {
        const started = performance.now();
        await page.floor();
        reads.push(performance.now() - started);
        const from = timings.length;
        const load = await cold(browser, cdp, url.origin, url.hash, page.route, page.ready, page.run);
        coldRuns.push(load.shown);
        usableRuns.push(load.usable);
        coldTimings.push(timings.slice(from));
        const visit = await firstVisit(browser, cdp, url.origin, url.hash, page.route, page.ready, page.run);
        warmRuns.push(visit.first);
        revisitRuns.push(visit.revisit);
        busyRuns.push((await cold(browser, cdp, url.origin, url.hash, page.route, page.ready, page.run, undefined, false)).shown);
      }
      const nodeReads = median(reads);
      const main = mainTime(coldTimings);
      // A page over its cold target is loaded once more, traced: where its time went, as the trace says.
      let trace: TraceBreakdown | undefined;
      if (median(coldRuns) >= COLD_BELOW_MS) {
        const traced: { events?: TraceEvent[] } = {};
        const painted = (await cold(browser, cdp, url.origin, url.hash, page.route, page.ready, page.run, traced)).shown;
        trace = traceBreakdown(traced.events ?? [], painted);
      }
      console.log(`${page.name}: cold ${median(coldRuns).toFixed(0)} ms (usable at ${median(usableRuns).toFixed(0)} ms; ${median(busyRuns).toFixed(0)} ms beside a window still starting), first visit ${median(warmRuns).toFixed(0)} ms, revisit ${median(revisitRuns).toFixed(0)} ms, node reads ${nodeReads.toFixed(1)} ms; main, cold: ${main}${trace ? `; one traced cold load, ${describeBreakdown(trace)}` : ''}`);
      rows.push({ page, cold: coldRuns, usable: usableRuns, busy: busyRuns, warm: warmRuns, revisit: revisitRuns, floorCold: nodeReads + median(emptyCold), floorWarm: nodeReads + median(emptyWarm), reads: nodeReads, main, ...(trace ? { trace } : {}) });
    }
    return report(rows, median(emptyCold), median(emptyWarm), runs);
  } finally {
    await context?.close();
    await browser.close();
    await stopChild(child);
    fs.rmSync(appDir, { recursive: true, force: true });
  }
}

interface PageRow {
  page: PageCase;
  cold: number[];
  /** Cold, until the page can be used (the app has taken the shell's first frame over). */
  usable: number[];
  /** Cold, without waiting for the new window's own interface to settle first. */
  busy: number[];
  /** A first visit inside a running window (firstVisit). */
  warm: number[];
  /** The same navigation again in that window. */
  revisit: number[];
  floorCold: number;
  floorWarm: number;
  reads: number;
  /** Main's own time on the page's requests, cold, in words (mainTime). */
  main: string;
  /** Where one traced cold load's time went, for a page over its cold target. */
  trace?: TraceBreakdown;
}

/**
 * Where main's time went on a page's cold loads: each request the page made (by name, the frame's own included),
 * its median work and send time over the runs, the slowest first. Subscriptions count to their first event.
 */
function mainTime(runs: RequestTiming[][]): string {
  const byName = new Map<string, { work: number[]; send: number[]; chars: number[] }>();
  for (const run of runs) {
    for (const timing of run) {
      const entry = byName.get(timing.name) ?? { work: [], send: [], chars: [] };
      entry.work.push(timing.workMs + timing.checkMs);
      entry.send.push(timing.sendMs);
      entry.chars.push(timing.chars);
      byName.set(timing.name, entry);
    }
  }
  const rows = [...byName].map(([name, entry]) => ({ name, work: median(entry.work), send: median(entry.send), chars: median(entry.chars) })).sort((a, b) => b.work + b.send - (a.work + a.send));
  if (rows.length === 0) return 'no requests';
  return rows
    .slice(0, 4)
    .map((row) => `${row.name} ${row.work.toFixed(1)} ms${row.send >= 0.5 ? ` + ${row.send.toFixed(1)} ms to send ${Math.round(row.chars).toLocaleString('en-US')} chars` : ''}`)
    .join('; ');
}

function report(rows: PageRow[], emptyCold: number, emptyWarm: number, runs: number): SectionResult {
  const section = 'Pages';
  const figures: Figure[] = [];
  const lines = [
    `== Pages (Chromium, the running app; medians of ${runs}; floor = the page's node reads raw to Anvil + an empty route's paint: ${emptyCold.toFixed(0)} ms cold, ${emptyWarm.toFixed(0)} ms warm)`,
  ];
  const tableRows: string[][] = [];
  for (const row of rows) {
    const warmMs = median(row.warm);
    const coldMs = median(row.cold);
    const warmFloor: Figure = { section, what: `${row.page.name}, warm first visit (from the home of a fresh window)`, value: warmMs, unit: 'ms', digits: 0, reference: { what: `floor: ${row.reads.toFixed(1)} ms of node reads (${row.page.readsSay}) + ${emptyWarm.toFixed(0)} ms empty route`, value: row.floorWarm }, target: { kind: 'addsBelow', limit: WARM_ADDS_MS } };
    const warmAbsolute: Figure = { section, what: `${row.page.name}, warm first visit`, value: warmMs, unit: 'ms', digits: 0, target: { kind: 'below', limit: WARM_BELOW_MS } };
    const coldFigure: Figure = { section, what: `${row.page.name}, cold (a fresh browser context)`, value: coldMs, unit: 'ms', digits: 0, reference: { what: `floor: node reads + ${emptyCold.toFixed(0)} ms empty route, cold`, value: row.floorCold }, target: { kind: 'below', limit: COLD_BELOW_MS } };
    const revisit: Figure = { section, what: `${row.page.name}, revisit (the same navigation again in that window; its data may be cached)`, value: median(row.revisit), unit: 'ms', digits: 0 };
    const busy: Figure = { section, what: `${row.page.name}, cold without waiting for the new window to settle`, value: median(row.busy), unit: 'ms', digits: 0 };
    const usable: Figure = { section, what: `${row.page.name}, cold until it can be used (the app has taken the shell's first frame over; the same paint where there is none)`, value: median(row.usable), unit: 'ms', digits: 0 };
    figures.push(warmFloor, warmAbsolute, coldFigure, usable, revisit, busy);
    // For a page over its target, what the trace of one more cold load says the time went on (no targets).
    if (row.trace) {
      for (const [key, words] of BREAKDOWN_PARTS) {
        figures.push({ section, what: `${row.page.name}, cold, over target: one traced load of ${row.trace.totalMs.toFixed(0)} ms, of which ${words}`, value: row.trace[key], unit: 'ms', digits: 0 });
      }
    }
    tableRows.push([row.page.name, coldMs.toFixed(0), median(row.usable).toFixed(0), median(row.busy).toFixed(0), row.floorCold.toFixed(0), verdict(coldFigure), warmMs.toFixed(0), row.floorWarm.toFixed(0), `${verdict(warmFloor)}; ${verdict(warmAbsolute)}`, median(row.revisit).toFixed(0)]);
  }
  lines.push(...table(['page', 'cold ms', 'cold, usable', 'cold, window starting', 'floor', 'cold target', 'first visit ms', 'floor', 'first-visit targets', 'revisit ms'], tableRows, 1));
  // Where the time goes: main's own timing of the requests each page made on its cold loads (serve --timings);
  // the rest of a cold page's time is the browser's (fetching and running the scripts, rendering, painting).
  lines.push('', "Main's own time per request on each page's cold loads (medians; the slowest four; `npm run serve -- --timings` logs them):");
  for (const row of rows) lines.push(`- ${row.page.name}: ${row.main}`);
  const traced = rows.filter((row) => row.trace);
  if (traced.length > 0) {
    lines.push('', 'Pages over their cold target, one more cold load traced (Chromium, the renderer main thread, navigation to the timed paint):');
    for (const row of traced) lines.push(`- ${row.page.name}: ${describeBreakdown(row.trace!)}`);
  }
  return { figures, lines };
}
