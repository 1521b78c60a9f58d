import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { chromium } from '@playwright/test';
import { SAVED_CHAIN_FILES } from '../test-support/savedChainFiles';
import { verdict, type Figure, type SectionResult } from './report';
import { stopChild } from './benchKit';

const FIRST_ROWS_TARGET_MS = 300; // issue 31: the first log row under 300 ms
const MEMORY_TARGET_MB = 300;
const fmt = (value: number, digits = 0) => value.toFixed(digits);

/** What a page function uses of the page (this file is typed for Node). */
interface PageScope {
  document: { querySelector(selector: string): { click(): void } | null };
  requestAnimationFrame(callback: () => void): number;
}

/**
 * The log builder in the running app, in Chromium: a fresh app on a copy of the bench chain, the query opened
 * from its link, then from the click on Run to the first result row painted, and to the run done; then the
 * page's JS heap and the renderer process's memory with every row in the table.
 */
export async function benchLogsRenderer(options: { projectRoot: string; seededChainDir: string; address: string; from: number; to: number }): Promise<SectionResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-bench-logs-app-'));
  const chain = path.join(dataDir, 'sandbox', 'chain');
  fs.mkdirSync(chain, { recursive: true });
  for (const file of SAVED_CHAIN_FILES) if (fs.existsSync(path.join(options.seededChainDir, file))) fs.copyFileSync(path.join(options.seededChainDir, file), path.join(chain, file));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--enable-precise-memory-info'], headless: true });
  let child: ChildProcess | undefined;
  try {
    child = spawn(process.execPath, ['scripts/serve.mjs', '--port', '0', '--data', dataDir, '--no-open', '--json'], { cwd: options.projectRoot, stdio: ['ignore', 'pipe', 'ignore'] });
    const url = new URL(
      await new Promise<string>((resolve, reject) => {
        readline.createInterface({ input: child!.stdout! }).once('line', (line) => resolve((JSON.parse(line) as { url: string }).url));
        child!.once('exit', (code) => reject(new Error(`serve exited with ${code}`)));
      }),
    );
    const page = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
    await page.goto(`${url.origin}/logs?address=${options.address}&fromBlock=${options.from}&toBlock=${options.to}${url.hash}`);
    // The pre-flight answered (the sandbox runs and the plan is sized): the moment a person clicks Run.
    await page.getByRole('alert').filter({ hasText: 'per request' }).first().waitFor({ timeout: 120_000 });
    const firstRows = await page.evaluate(async () => {
      const { document, requestAnimationFrame } = globalThis as unknown as PageScope;
      const started = performance.now();
      document.querySelector('.logs-run-actions .btn-primary')!.click();
      const deadline = started + 60_000;
      while (!document.querySelector('[role=grid][aria-label=logs] [role=row][aria-rowindex="2"]')) {
        if (performance.now() > deadline) throw new Error('no result row appeared');
        await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
      }
      await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
      return performance.now() - started;
    });
    const started = Date.now();
    // Main's memory while the run streams: the web host process (the app's main, as in Electron).
    let mainPeakMb = processRssMb(child.pid!) ?? 0;
    const sampler = setInterval(() => (mainPeakMb = Math.max(mainPeakMb, processRssMb(child!.pid!) ?? 0)), 50);
    try {
      await page.getByRole('status').filter({ hasText: /^Done: / }).waitFor({ timeout: 180_000 });
    } finally {
      clearInterval(sampler);
    }
    const doneMs = firstRows + (Date.now() - started);
    const rows = Number(await page.getByRole('grid', { name: 'logs' }).getAttribute('aria-rowcount')) - 1;
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('Performance.enable');
    const heapMb = ((await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] }).metrics.find((metric) => metric.name === 'JSHeapUsedSize')!.value / 1024 / 1024;
    const rendererRssMb = rendererRss();
    const section = 'Log queries, renderer';
    const shown = rows.toLocaleString('en-US');
    const first: Figure = { section, what: 'click on Run to the first result row painted', value: firstRows, unit: 'ms', digits: 0, target: { kind: 'below', limit: FIRST_ROWS_TARGET_MS } };
    // The window's memory: the renderer process's RSS where /proc shows it, else the page's JS heap.
    const memory: Figure = {
      section,
      what: `${rendererRssMb !== undefined ? 'renderer process RSS' : 'JS heap'} with ${shown} rows in the table${rows < 100_000 ? ' (measured below 100,000 rows)' : ''}`,
      value: rendererRssMb ?? heapMb,
      unit: 'MiB',
      digits: 0,
      target: { kind: 'below', limit: MEMORY_TARGET_MB },
    };
    const figures: Figure[] = [
      first,
      { section, what: `click on Run to the run done with ${shown} rows`, value: doneMs, unit: 'ms', digits: 0 },
      { section, what: 'main (the web host process) while the run streamed: peak RSS', value: mainPeakMb, unit: 'MiB', digits: 0 },
      memory,
      ...(rendererRssMb !== undefined ? [{ section, what: `JS heap after GC with ${shown} rows in the table`, value: heapMb, unit: 'MiB', digits: 0 }] : []),
    ];
    return {
      figures,
      lines: [
        `== Log queries, renderer (Chromium; the app on a copy of the bench chain; the query opened from its link)`,
        `click on Run to the first result row painted: ${fmt(firstRows)} ms (${verdict(first)}); to the run done with ${shown} rows: ${fmt(doneMs)} ms`,
        `main (the web host process) while the run streamed: peak RSS ${fmt(mainPeakMb)} MB`,
        `with ${shown} rows in the table: JS heap ${fmt(heapMb)} MB${rendererRssMb !== undefined ? `, renderer process RSS ${fmt(rendererRssMb)} MB` : ''} (${verdict(memory)}${rows < 100_000 ? ', measured below 100,000 rows' : ''})`,
      ],
    };
  } finally {
    await browser.close();
    await stopChild(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Resident memory of a process, MB, from /proc; undefined off Linux or once it has ended. */
function processRssMb(pid: number): number | undefined {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN) / 1024;
  } catch {
    return undefined;
  }
}

/** Resident memory of the largest Chromium renderer process (the app's page: the bench's only tab), MB, from /proc; undefined off Linux. */
function rendererRss(): number | undefined {
  if (!fs.existsSync('/proc')) return undefined;
  let largest: number | undefined;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!cmdline.includes('--type=renderer') || cmdline.includes('--extension-process')) continue;
      const kb = Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1] ?? 0);
      largest = Math.max(largest ?? 0, kb / 1024);
    } catch {
      // the process ended while it was read
    }
  }
  return largest;
}
