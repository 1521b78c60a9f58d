import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { median } from './benchKit';
import { verdict, type Figure, type SectionResult } from './report';

// The app's data table under load, beside its target (two frames at 60 Hz), measured in this run (the explorer's
// section, bench/explorer.ts, runs it after its own figures). Nothing here is typed in by hand.

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Two frames at 60 Hz. */
const FRAME_TARGET_MS = 33.3;
const fmt = (value: number, digits = 1) => value.toFixed(digits);

/** What a page function uses of the page (this file is typed for Node). */
interface PageScope {
  document: { querySelector(selector: string): unknown };
  requestAnimationFrame(callback: () => void): number;
}

/**
 * The app's DataTable with 100,000 rows in Chromium (a page built for the benchmark from the same component):
 * time to first rows, then frame times while scrolling from top to bottom in 240 frames, and after a sort.
 */
export async function benchTable(): Promise<SectionResult> {
  const { build } = await import('esbuild');
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-bench-table-'));
  try {
    await build({
      entryPoints: [path.join(projectRoot, 'bench', 'tableHarness.tsx')],
      bundle: true,
      outdir: folder,
      format: 'esm',
      jsx: 'automatic',
      minify: true,
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'error',
    });
    fs.writeFileSync(path.join(folder, 'index.html'), '<!doctype html><html data-theme="light"><head><link rel="stylesheet" href="tableHarness.css"></head><body><div id="root"></div><script type="module" src="tableHarness.js"></script></body></html>');
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--allow-file-access-from-files'], headless: true });
    try {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      const started = performance.now();
      await page.goto(`file://${path.join(folder, 'index.html')}`);
      await page.waitForSelector('[role=grid] [aria-rowindex="2"]');
      const firstRows = performance.now() - started;
      const scroll = () =>
        page.evaluate(async () => {
          const { document, requestAnimationFrame } = globalThis as unknown as PageScope;
          const grid = document.querySelector('[role=grid]') as { scrollTop: number; scrollHeight: number; clientHeight: number };
          grid.scrollTop = 0;
          const frames: number[] = [];
          let last = performance.now();
          const steps = 240;
          for (let step = 1; step <= steps; step++) {
            grid.scrollTop = ((grid.scrollHeight - grid.clientHeight) * step) / steps;
            await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
            const now = performance.now();
            frames.push(now - last);
            last = now;
          }
          return frames;
        });
      const frames = await scroll();
      await page.evaluate(() => {
        const grid = (globalThis as unknown as PageScope).document.querySelector('[role=grid]') as { scrollTop: number };
        grid.scrollTop = 0;
      });
      const sortStarted = performance.now();
      const sortButton = page.getByRole('columnheader', { name: /Value/ }).getByRole('button');
      await sortButton.click();
      await sortButton.click(); // descending: the biggest first
      await page.waitForSelector('[role=grid] [aria-rowindex="2"] >> text=99999');
      const sortMs = performance.now() - sortStarted;
      const sortedFrames = await scroll();
      const p = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!;
      const section = 'Data table, 100,000 rows';
      const stats = (values: number[]) => `median ${fmt(median(values))} ms, p95 ${fmt(p(values, 0.95))} ms, worst ${fmt(Math.max(...values))} ms`;
      const scrolling: Figure = { section, what: 'frame time scrolling top to bottom in 240 steps, p95', value: p(frames, 0.95), unit: 'ms', digits: 1, target: { kind: 'below', limit: FRAME_TARGET_MS, says: 'two frames at 60 Hz' } };
      const sorted: Figure = { section, what: 'the same after sorting, p95', value: p(sortedFrames, 0.95), unit: 'ms', digits: 1, target: { kind: 'below', limit: FRAME_TARGET_MS } };
      const figures: Figure[] = [
        { section, what: 'first rows painted after load', value: firstRows, unit: 'ms', digits: 0 },
        { section, what: 'two sorts (100,000 rows, bigint values)', value: sortMs, unit: 'ms', digits: 0 },
        scrolling,
        sorted,
      ];
      return {
        figures,
        lines: [
          '== Data table, 100,000 rows (the app component, in Chromium; frame = one scroll step to its painted frame)',
          `first rows painted after load: ${fmt(firstRows, 0)} ms; two sorts (100,000 rows, bigint values): ${fmt(sortMs, 0)} ms`,
          `scrolling top to bottom in 240 steps: ${stats(frames)} (${verdict(scrolling)})`,
          `the same after sorting: ${stats(sortedFrames)} (${verdict(sorted)})`,
        ],
      };
    } finally {
      await browser.close();
    }
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
