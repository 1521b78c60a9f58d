import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import type { HealthEvent } from '../src-shared/api/networks';
import { postJsonRpc, rawJsonRpc } from '../test-support/rawJsonRpc';
import { copySeededSandbox } from '../test-support/seededSandbox';
import { HOME_IN_APP } from './pageLoads';
import { createDecodingService } from '../src-main/services/decoding/createDecodingService';
import { createExplorerService } from '../src-main/services/explorer/createExplorerService';
import { createFeedHub } from '../src-main/services/rpc/createFeedHub';
import { createRpcService } from '../src-main/services/rpc/createRpcService';
import { median, stopChild } from './benchKit';
import { formatRatio, joinSections, ratioOf, verdict, type Figure, type SectionResult } from './report';
import { benchTable } from './table';

// The block explorer's costs, each beside its reference, measured in this run:
//  1. main: the 600-transaction block with all its transactions and receipts, through the explorer service
//     (over the sandbox's gateway, rows built, methods named), against one raw JSON-RPC batch straight to
//     Anvil (the floor) and against one request per receipt;
//  2. renderer: in Chromium, from asking for a page inside the running app to its content painted: the big
//     block's rows, and a transaction's receipt, cold (first time, a second after the home showed) and warm
//     (again); and, printed beside them, the block asked for in the very frame the home first shows.
// Nothing here is typed in by hand.

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MAIN_TARGET = 1.3;
const COLD_TARGET_MS = 500;
const WARM_TARGET_MS = 300;
const fmt = (value: number, digits = 1) => value.toFixed(digits);

export interface ExplorerBenchOptions {
  quick: boolean;
  /** The bench sandbox: its keyed JSON-RPC URL, Anvil's own URL, and its data folder (the seeded chain). */
  rpcUrl: string;
  anvilUrl: string;
  dataDir: string;
}

/** Both parts, and the data table; their figures and printable lines. */
export async function benchExplorer(options: ExplorerBenchOptions): Promise<SectionResult> {
  const manifest = JSON.parse(fs.readFileSync(path.join(options.dataDir, 'chain', 'manifest.json'), 'utf8')) as { bigBlock: { number: number; transactionCount: number }; transactions: { erc20Transfer: string } };
  return joinSections([await benchMain(options, manifest.bigBlock), await benchRenderer(options, manifest), await benchTable()]);
}

async function benchMain(options: ExplorerBenchOptions, bigBlock: { number: number; transactionCount: number }): Promise<SectionResult> {
  const runs = options.quick ? 5 : 15;
  const number = `0x${bigBlock.number.toString(16)}`;
  const url = new URL(options.rpcUrl);
  const key = url.pathname.split('/').at(-1)!;
  const template = options.rpcUrl.slice(0, -key.length);
  const network = { id: 'local', name: 'Local sandbox', family: 'evm' as const, chainId: 31337, rpcUrl: template, wsUrl: null, gasUrl: null, storageUrl: null, credentialId: 'local', kind: 'local' as const };
  const rpc = createRpcService({ resolve: async () => ({ network, rpcUrl: options.rpcUrl, wsUrl: null, gasUrl: null, storageUrl: null, authorization: undefined, secrets: [key] }) });
  const health = createFeedHub<HealthEvent>({ label: 'health of', log: () => {}, source: (id, emit, signal) => rpc.watchHealth(id, emit, signal) });
  const decoding = createDecodingService({ rpc, projectRoot });
  const explorer = createExplorerService({ rpc, health, networkName: async () => 'Local sandbox', decoding });
  const samples = { service: [] as number[], floor: [] as number[], perReceipt: [] as number[] };
  try {
    const floor = async () => {
      const { body: answers } = await postJsonRpc<{ result: unknown }[]>(options.anvilUrl, [
        { jsonrpc: '2.0', id: 1, method: 'eth_getBlockByNumber', params: [number, true] },
        { jsonrpc: '2.0', id: 2, method: 'eth_getBlockReceipts', params: [number] },
      ]);
      if (!Array.isArray((answers?.[1]?.result as unknown[] | undefined) ?? null)) throw new Error('the raw batch returned no receipts');
    };
    const perReceipt = async () => {
      const { body: block } = await rawJsonRpc(options.anvilUrl, 'eth_getBlockByNumber', [number, true]);
      const { transactions } = block.result as { transactions: { hash: string }[] };
      await Promise.all(transactions.map((tx) => rawJsonRpc(options.anvilUrl, 'eth_getTransactionReceipt', [tx.hash])));
    };
    const service = async () => {
      explorer.forget('local'); // every run reads the chain: nothing from the cache
      decoding.forget('local');
      const view = await explorer.block('local', String(bigBlock.number));
      if (view.transactions.length !== bigBlock.transactionCount) throw new Error(`the service returned ${view.transactions.length} rows`);
    };
    // Warm-up (the signature database loads on first use), then the three take turns.
    await service();
    await floor();
    await perReceipt();
    for (let i = 0; i < runs; i++) {
      for (const [name, run] of [['service', service], ['floor', floor], ['perReceipt', perReceipt]] as const) {
        const started = performance.now();
        await run();
        samples[name].push(performance.now() - started);
      }
    }
  } finally {
    await rpc.close();
  }
  const service = median(samples.service);
  const floor = median(samples.floor);
  const perReceipt = median(samples.perReceipt);
  const section = 'Explorer, main';
  const block = `block ${bigBlock.number} (${bigBlock.transactionCount} transactions, with every receipt), median of ${runs}`;
  const floorReference = { what: 'one raw batch straight to Anvil (block + eth_getBlockReceipts)', value: floor };
  const serviceFigure: Figure = { section, what: `${block}: explorer service (through the gateway; rows built, methods named; cache cleared)`, value: service, unit: 'ms', digits: 1, reference: floorReference, target: { kind: 'ratioAtMost', limit: MAIN_TARGET } };
  const perReceiptFigure: Figure = { section, what: `${block}: one request per receipt straight to Anvil`, value: perReceipt, unit: 'ms', digits: 1, reference: floorReference };
  return {
    figures: [serviceFigure, perReceiptFigure],
    lines: [
      `== Explorer, main: block ${bigBlock.number} (${bigBlock.transactionCount} transactions, full, with every receipt); median of ${runs} runs each, taking turns`,
      `raw batch straight to Anvil (floor: block + eth_getBlockReceipts): ${fmt(floor)} ms`,
      `one request per receipt to Anvil (block, then ${bigBlock.transactionCount} requests): ${fmt(perReceipt)} ms`,
      `explorer service (through the gateway; rows built and methods named; cache cleared): ${fmt(service)} ms`,
      `explorer service / floor: ${formatRatio(ratioOf(serviceFigure)!)} (${verdict(serviceFigure)}); per-receipt / floor: ${formatRatio(ratioOf(perReceiptFigure)!)}`,
    ],
  };
}

/** What a page function uses of the page (this file is typed for Node). */
interface PageScope {
  history: { pushState(state: unknown, title: string, url: string): void };
  document: { querySelector(selector: string): unknown };
  requestAnimationFrame(callback: () => void): number;
}

/** Asks the running app for `route` (client-side navigation, as a link click does) and times until `selector` is painted. */
async function timeTo(page: Page, route: string, selector: string): Promise<number> {
  return page.evaluate(
    async ({ route: target, selector: wanted }) => {
      const { history, document, requestAnimationFrame } = globalThis as unknown as PageScope;
      const started = performance.now();
      history.pushState(null, '', target);
      // No named inner functions here: the runner's transform would wrap them in a helper the page lacks.
      const deadline = started + 30_000;
      while (!document.querySelector(wanted)) {
        if (performance.now() > deadline) throw new Error(`${wanted} did not appear`);
        await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
      }
      await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
      return performance.now() - started;
    },
    { route, selector },
  );
}

async function benchRenderer(options: ExplorerBenchOptions, manifest: { bigBlock: { number: number }; transactions: { erc20Transfer: string } }): Promise<SectionResult> {
  const runs = options.quick ? 4 : 10; // half of them for the block asked for at once (see below)
  const ROWS = '[role=grid][aria-label=transactions] [role=row][aria-rowindex="2"]';
  const RECEIPT = 'section[aria-labelledby=tx-receipt] dl';
  const HOME = '[aria-labelledby=latest-blocks] li';
  const results = { blockCold: [] as number[], blockWarm: [] as number[], txCold: [] as number[], txWarm: [] as number[], blockAtOnce: [] as number[] };
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'], headless: true });
  try {
    for (let run = 0; run < runs; run++) {
      // A fresh app each run (its own data folder with a copy of the seeded chain): the main cache is cold too.
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-bench-explorer-'));
      copySeededSandbox(options.dataDir, path.join(dataDir, 'sandbox'));
      let child: ChildProcess | undefined;
      const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
      try {
        child = spawn(process.execPath, ['scripts/serve.mjs', '--port', '0', '--data', dataDir, '--no-open', '--json'], { cwd: projectRoot, stdio: ['ignore', 'pipe', 'ignore'] });
        const url = await new Promise<string>((resolve, reject) => {
          readline.createInterface({ input: child!.stdout! }).once('line', (line) => resolve((JSON.parse(line) as { url: string }).url));
          child!.once('exit', (code) => reject(new Error(`serve exited with ${code}`)));
        });
        const page = await context.newPage();
        await page.goto(url);
        await page.waitForSelector(HOME_IN_APP, { timeout: 60_000 }); // the app is up and its sandbox answers
        const block = `/explorer/block/${manifest.bigBlock.number}`;
        const tx = `/explorer/tx/${manifest.transactions.erc20Transfer}`;
        if (run % 2 === 1) {
          // Every other app: the block asked for in the very frame the home first shows, while the app and its
          // sandbox are still busy starting (printed beside the target, not judged).
          results.blockAtOnce.push(await timeTo(page, block, ROWS));
          continue;
        }
        // Cold, as a person meets it: the home has shown and a second has passed (a person's click), and
        // nothing of the block or transaction is cached in main or the window.
        await page.waitForTimeout(1000);
        results.blockCold.push(await timeTo(page, block, ROWS));
        results.txCold.push(await timeTo(page, tx, RECEIPT));
        await timeTo(page, '/explorer', HOME);
        results.blockWarm.push(await timeTo(page, block, ROWS));
        results.txWarm.push(await timeTo(page, tx, RECEIPT));
      } finally {
        await context.close();
        await stopChild(child);
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }
  } finally {
    await browser.close();
  }
  const section = 'Explorer, renderer';
  const paint = (what: string, values: number[], limit: number): Figure => ({ section, what: `${what}, median over ${values.length} fresh apps`, value: median(values), unit: 'ms', digits: 0, target: { kind: 'below', limit } });
  const blockCold = paint(`block ${manifest.bigBlock.number}'s rows visible, cold (first open, 1 s after the home showed: main and renderer caches empty)`, results.blockCold, COLD_TARGET_MS);
  const blockAtOnce: Figure = { section, what: `block ${manifest.bigBlock.number}'s rows visible, asked for in the frame the home first shows (the app still starting), median over ${results.blockAtOnce.length}`, value: median(results.blockAtOnce), unit: 'ms', digits: 0 };
  const blockWarm = paint(`block ${manifest.bigBlock.number}'s rows visible, warm (opened before)`, results.blockWarm, WARM_TARGET_MS);
  const txCold = paint("a transaction's receipt visible, cold", results.txCold, COLD_TARGET_MS);
  const txWarm = paint("a transaction's receipt visible, warm", results.txWarm, WARM_TARGET_MS);
  const all = (values: number[]) => values.map((v) => fmt(v, 0)).join(', ');
  const line = (figure: Figure, values: number[]) => `${figure.what}: ${fmt(figure.value, 0)} ms (${verdict(figure)}); all: ${all(values)} ms`;
  return {
    figures: [blockCold, blockAtOnce, blockWarm, txCold, txWarm],
    lines: [
      `== Explorer, renderer (Chromium; from asking the running app for the page, as a link does, to its content painted)`,
      line(blockCold, results.blockCold),
      `(the same block asked for in the frame the home first shows, the app still starting: median ${fmt(blockAtOnce.value, 0)} ms; all: ${all(results.blockAtOnce)} ms)`,
      line(blockWarm, results.blockWarm),
      line(txCold, results.txCold),
      line(txWarm, results.txWarm),
    ],
  };
}
