// npm run screenshots: the README's pictures of the explorer, taken from the app itself. Starts the web host
// on a fresh data folder (its sandbox seeds the deterministic chain), opens the block with 600 transactions,
// a failed transaction and the home page in headless Chromium, light and dark, and writes
// docs/screenshots/<screen>-<theme>.png. Needs a keychain like the app (run it under scripts/keyring-session.sh).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { toEventSelector } from 'viem';
import { RESPONDER_TOKEN, startStarknetResponder } from '../test-support/starknetResponder';
import { ensureBuild } from './build.mjs';
import { createSecretStore } from '../src-main/services/secrets/createSecretStore';

const TICK = 'Tick(uint256,uint256,address,uint256)';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(projectRoot, 'docs', 'screenshots');
// SHOTS=name,name takes only those (without the 'gas' shot, the sandbox does not mine a day of traffic first).
const only = process.env.SHOTS ? new Set(process.env.SHOTS.split(',').map((name) => name.trim())) : null;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-screenshots-'));
await ensureBuild((line) => process.stderr.write(`${line}\n`));
// The sandbox mines a day of traffic into the past first, so the gas dashboard is shown holding a day of history.
const child = spawn(process.execPath, ['scripts/serve.mjs', '--port', '0', '--data', dataDir, '--no-open', '--json', ...(only === null || only.has('gas') ? ['--sandbox-fast-forward', '24'] : [])], { cwd: projectRoot, stdio: ['ignore', 'pipe', 'pipe'] });
let logs = '';
// Starknet's call is shown against the Starknet spec responder (no Starknet node runs here; see test-support).
const responder = await startStarknetResponder();
child.stderr!.on('data', (chunk: Buffer) => (logs = `${logs}${chunk.toString()}`.slice(-4000)));
try {
  const url = new URL(
    await new Promise<string>((resolve, reject) => {
      readline.createInterface({ input: child.stdout! }).once('line', (line) => resolve((JSON.parse(line) as { url: string }).url));
      child.once('exit', (code) => reject(new Error(`serve exited with ${code}:\n${logs}`)));
    }),
  );
  const manifestFile = path.join(dataDir, 'sandbox', 'chain', 'manifest.json');
  const deadline = Date.now() + 180_000;
  while (!fs.existsSync(manifestFile) || !/sandbox: running at/.test(logs)) {
    if (Date.now() > deadline) throw new Error(`the sandbox did not come up:\n${logs}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as {
    bigBlock: { number: number };
    transactions: { failed: string; swap: string; internalTransfer: { hash: string; transfers: { to: string }[] }; deepRevert: { hash: string }; outOfGas: { hash: string; gasNeeded: number } };
    contracts: { logStorm: string; reverter: string; tokens: { address: string }[]; nfts?: { holders: string[] }; pairs: { address: string }[] };
    accounts: { traders: { address: string }[] };
    reverts: { customError: { data: string } };
    logStorm: { denseFromBlock: number; denseToBlock: number };
  };
  const contentDir = path.join(dataDir, 'sandbox', 'content');
  const demo = JSON.parse(fs.readFileSync(path.join(contentDir, 'demo.json'), 'utf8')) as { rootCid: string };
  const metadataCid = (JSON.parse(fs.readFileSync(path.join(contentDir, 'contract-metadata.json'), 'utf8')) as { cids: Record<string, string> }).cids.SandboxToken;
  // The log builder over the log-heavy blocks: the warning before the run, then the run done and its rows.
  const runLogs = async (page: Page) => {
    await page.getByRole('alert').filter({ hasText: 'per request' }).first().waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: /^Run (anyway|query)$/ }).click();
    await page.getByRole('status').filter({ hasText: /^Done: / }).waitFor({ timeout: 120_000 });
  };
  // The call playground: a link to the Reverter's custom error, run, its revert decoded beside the form.
  const runCall = async (page: Page) => {
    await page.getByRole('button', { name: 'Run eth_call' }).click();
    await page.getByRole('heading', { name: /^Reverted / }).waitFor({ timeout: 60_000 });
  };
  const shots: { name: string; route: string; ready: string; act?: (page: Page) => Promise<void>; height?: number }[] = [
    { name: 'explorer-home', route: '/explorer', ready: '[aria-labelledby=latest-blocks] li' },
    { name: 'block', route: `/explorer/block/${manifest.bigBlock.number}`, ready: '[role=grid] [aria-rowindex="2"]' },
    { name: 'transaction', route: `/explorer/tx/${manifest.transactions.failed}`, ready: 'section[aria-labelledby=tx-receipt] dl' },
    {
      name: 'logs',
      route: `/logs?address=${manifest.contracts.logStorm}&fromBlock=${manifest.logStorm.denseFromBlock}&toBlock=${manifest.logStorm.denseToBlock}&event=${encodeURIComponent(TICK)}&topic0=${toEventSelector(TICK)}`,
      ready: 'form[aria-label="Log query"]',
      act: runLogs,
      height: 2100, // the builder, the check, the run and the first rows in one picture
    },
    // The content browser: the demo folder (thumbnails, pins), a Markdown file, a contract's metadata as a folder.
    { name: 'content-folder', route: `/content/${demo.rootCid}`, ready: '[role=grid] [aria-rowindex="2"]', height: 760 },
    { name: 'content-preview', route: `/content/${demo.rootCid}/README.md`, ready: '.content-markdown h1', height: 820 },
    { name: 'content-metadata', route: `/content/${metadataCid}?name=metadata.json`, ready: '.content-metadata', height: 1000 },
    // An address's story without an indexer: what a trader sent, and its ETH balance over time.
    { name: 'address-transactions', route: `/explorer/address/${manifest.accounts.traders[0]!.address}?tab=transactions`, ready: '[role=grid][aria-label="transactions sent"] [aria-rowindex="2"]', height: 1000 },
    { name: 'address-balance', route: `/explorer/address/${manifest.accounts.traders[0]!.address}?tab=balance`, ready: '[role=grid][aria-label="balance changes"] [aria-rowindex="2"]', height: 1000 },
    { name: 'token-holders', route: `/explorer/address/${manifest.contracts.tokens[0]!.address}?tab=holders`, ready: 'section.history-section [role=grid] [aria-rowindex="2"]', height: 900 },
    { name: 'address-token-transfers', route: `/explorer/address/${manifest.accounts.traders[0]!.address}?tab=transfers`, ready: '[role=grid][aria-label="token transfers"] [aria-rowindex="2"] time', height: 900 },
    { name: 'content-find', route: '/content?find=.md', ready: '[aria-label="Content found by name"] li' },
    {
      name: 'search-name',
      route: '/gas',
      ready: '[role=search] input',
      act: async (page) => {
        await page.getByRole('searchbox', { name: 'Search' }).fill('README');
        await page.getByRole('list', { name: 'Content by this name' }).waitFor();
      },
      height: 500,
    },
    { name: 'address-named', route: `/explorer/address/${manifest.contracts.tokens[0]!.address}`, ready: 'h1 [data-name-source]', height: 500 },
    { name: 'transaction-money', route: `/explorer/tx/${manifest.transactions.internalTransfer.hash}`, ready: '[data-testid="tx-fee-money"]' },
    { name: 'gas-settings', route: '/gas', ready: 'section[aria-labelledby=gas-settings-title] form[aria-label^="Price of ETH"]', height: 1800 },
    { name: 'contract-callers', route: `/explorer/address/${manifest.contracts.pairs[0]!.address}?tab=transactions`, ready: 'section[aria-labelledby=callers-title] h2:has-text("in all")', height: 1000 },
    { name: 'address-received', route: `/explorer/address/${manifest.transactions.internalTransfer.transfers[0]!.to}?tab=transactions`, ready: 'section[aria-labelledby=received-title] h2:has-text("in all")', height: 760 },
    { name: 'address-nft-transfers', route: `/explorer/address/${manifest.contracts.nfts!.holders[1]!}?tab=transfers`, ready: '[role=grid][aria-label="token transfers"] [aria-rowindex="2"] time', height: 900 },
    { name: 'address-nft-holdings', route: `/explorer/address/${manifest.contracts.nfts!.holders[2]!}?tab=holdings`, ready: '[role=grid] [aria-rowindex="2"]', height: 900 },
    { name: 'address-events', route: `/explorer/address/${manifest.contracts.tokens[0]!.address}?tab=events`, ready: '[role=grid][aria-label="events"] [aria-rowindex="2"] time', height: 900 },
    { name: 'address-approvals', route: `/explorer/address/${manifest.accounts.traders[1]!.address}?tab=approvals`, ready: '[role=grid][aria-label="approvals"] [aria-rowindex="2"]', height: 900 },
    // Inside a transaction: where the deep revert began, what a swap changed, a gas-starved redemption re-run.
    { name: 'transaction-trace', route: `/explorer/tx/${manifest.transactions.deepRevert.hash}?tab=trace`, ready: '[role=treegrid] [aria-current=location]', height: 1000 },
    { name: 'transaction-state', route: `/explorer/tx/${manifest.transactions.swap}?tab=state`, ready: 'section[aria-labelledby=tx-state] article', height: 1700 },
    {
      name: 'transaction-whatif',
      route: `/explorer/tx/${manifest.transactions.outOfGas.hash}?tab=whatif&gas=${manifest.transactions.outOfGas.gasNeeded}`,
      ready: 'table.whatif-compare tbody tr',
      height: 1500,
    },
    { name: 'call-revert', route: `/call?to=${manifest.contracts.reverter}&data=${manifest.reverts.customError.data}`, ready: 'form[aria-label="Call"]', act: runCall, height: 1250 },
  ];
  fs.mkdirSync(out, { recursive: true });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    for (const scheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ colorScheme: scheme, viewport: { width: 1360, height: 900 }, deviceScaleFactor: 1 });
      const page = await context.newPage();
      for (const shot of shots.filter((candidate) => only === null || only.has(candidate.name))) {
        await page.setViewportSize({ width: 1360, height: shot.height ?? 900 });
        await page.goto(`${url.origin}${shot.route}${url.hash}`);
        await page.waitForSelector(shot.ready, { timeout: 60_000 });
        // The top bar's status says it is connected (not "Connecting…") in every picture.
        await page.getByRole('img', { name: /^Connected to / }).waitFor({ timeout: 60_000 });
        await shot.act?.(page);
        await page.waitForTimeout(800); // let ages and live rows settle
        const file = path.join(out, `${shot.name}-${scheme}.png`);
        await page.screenshot({ path: file });
        process.stderr.write(`wrote ${path.relative(projectRoot, file)}\n`);
      }
      await context.close();
    }
    if (only === null || only.has('gas')) await gasShots(browser, url, () => logs);
    if (only === null || only.has('call-starknet')) await starknetShots(browser, url);
  } finally {
    await browser.close();
  }
} finally {
  await responder.close();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/**
 * The gas dashboard holding a day of history: once the sandbox has mined its day of traffic, a second network on
 * the same sandbox but without a gas API (so its levels are the local estimate) is added to compare with, and the
 * Day chart is shown.
 */
async function gasShots(browser: Awaited<ReturnType<typeof chromium.launch>>, url: URL, logs: () => string): Promise<void> {
  const deadline = Date.now() + 600_000;
  while (!/fast-forward: (\d+)\/\1 blocks|fast-forward: the chain is already recent/.test(logs())) {
    if (Date.now() > deadline) throw new Error(`the sandbox's fast-forward did not finish:\n${logs()}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const origin = /sandbox: running at (http:\/\/\S+)/.exec(logs())![1]!;
  const keychain = createSecretStore();
  const local = await keychain.get('local');
  await keychain.close();
  const setup = await browser.newPage();
  await setup.goto(`${url.origin}/settings/networks/new${url.hash}`);
  await setup.getByLabel('Name').fill('Local, no gas API');
  await setup.getByLabel('Chain id').fill('31337');
  await setup.getByLabel('JSON-RPC address').fill(`${origin}/local/v3/`);
  await setup.getByRole('button', { name: 'Add network' }).click();
  await setup.getByRole('main').getByText('Local, no gas API').first().waitFor();
  await setup.getByRole('link', { name: /API keys/i }).first().click();
  await setup.getByRole('button', { name: 'Add key for Local, no gas API' }).click();
  await setup.getByRole('textbox', { name: 'API key', exact: true }).fill(local!.apiKey);
  await setup.getByRole('button', { name: /save/i }).click();
  await setup.getByLabel(/^Key hint /).first().waitFor();
  await setup.goto(`${url.origin}/gas${url.hash}`);
  await setup.getByLabel('Compare with').selectOption({ label: 'Local, no gas API' });
  await setup.getByRole('article', { name: 'Local, no gas API gas' }).getByText('estimated locally from fee history').waitFor({ timeout: 120_000 });
  await setup.close();
  for (const scheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ colorScheme: scheme, viewport: { width: 1360, height: 1960 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    await page.goto(`${url.origin}/gas${url.hash}`);
    await page.getByTestId('max-fee-medium').waitFor({ timeout: 120_000 });
    await page.getByRole('tab', { name: 'Day' }).click();
    await page.getByTestId('history-samples').filter({ hasText: /^[\d,]{5,} samples/ }).waitFor({ timeout: 120_000 });
    await page.waitForTimeout(1500);
    const file = path.join(out, `gas-${scheme}.png`);
    await page.screenshot({ path: file });
    process.stderr.write(`wrote ${path.relative(projectRoot, file)}\n`);
    await context.close();
  }
}

/** The Starknet call page: a Starknet network added (the spec responder), balanceOf run, its u256 read. */
async function starknetShots(browser: Awaited<ReturnType<typeof chromium.launch>>, url: URL): Promise<void> {
  const setup = await browser.newPage();
  await setup.goto(`${url.origin}/settings/networks/new${url.hash}`);
  await setup.getByLabel('Name').fill('Starknet spec responder');
  await setup.getByLabel('Family').selectOption('starknet');
  await setup.getByLabel('Chain id').fill('SN_SEPOLIA');
  await setup.getByLabel('JSON-RPC address').fill(`${responder.origin}/starknet/v3/`);
  await setup.getByRole('button', { name: 'Add network' }).click();
  await setup.getByRole('main').getByText('Starknet spec responder').first().waitFor();
  await setup.getByRole('link', { name: /API keys/i }).first().click();
  await setup.getByRole('button', { name: 'Add key for Starknet spec responder' }).click();
  await setup.getByRole('textbox', { name: 'API key', exact: true }).fill('screenshot-key');
  await setup.getByRole('button', { name: /save/i }).click();
  await setup.getByLabel(/^Key hint /).first().waitFor();
  await setup.getByLabel('Network', { exact: true }).selectOption({ label: 'Starknet spec responder' });
  await setup.waitForTimeout(500);
  await setup.close();
  for (const scheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ colorScheme: scheme, viewport: { width: 1360, height: 1000 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    await page.goto(`${url.origin}/call${url.hash}`);
    await page.getByLabel('Contract address').fill(RESPONDER_TOKEN.address);
    await page.getByLabel('Function name').fill('balanceOf');
    await page.getByRole('button', { name: 'Add argument' }).click();
    await page.getByLabel('Argument 1 kind').selectOption('address');
    await page.getByLabel('Argument 1 (address)').fill('0x1234');
    await page.getByRole('button', { name: 'Run starknet_call' }).click();
    await page.getByRole('table', { name: 'Result felts' }).waitFor({ timeout: 60_000 });
    await page.getByLabel('Read felt 0 as').selectOption('u256WithNext');
    await page.waitForTimeout(500);
    const file = path.join(out, `call-starknet-${scheme}.png`);
    await page.screenshot({ path: file });
    process.stderr.write(`wrote ${path.relative(projectRoot, file)}\n`);
    await context.close();
  }
}
