import { spawn } from 'node:child_process';
import fs from 'node:fs';
import readline from 'node:readline';
import { chromium } from '@playwright/test';
const dataDir = process.env.DATA ?? fs.mkdtempSync('/tmp/bg-gasshot-');
const child = spawn(process.execPath, ['scripts/serve.mjs', '--port', '0', '--data', dataDir, '--no-open', '--json'], { cwd: '/work/main', stdio: ['ignore', 'pipe', 'pipe'] });
let logs = '';
child.stderr!.on('data', (c: Buffer) => (logs = `${logs}${c}`.slice(-4000)));
const url = new URL(await new Promise<string>((resolve) => readline.createInterface({ input: child.stdout! }).once('line', (l) => resolve(JSON.parse(l).url))));
const deadline = Date.now() + 180_000;
while (!/sandbox: running at/.test(logs)) { if (Date.now() > deadline) throw new Error(logs); await new Promise((r) => setTimeout(r, 500)); }
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const scheme of ['light', 'dark'] as const) {
  const page = await (await browser.newContext({ colorScheme: scheme, viewport: { width: 1360, height: 2000 } })).newPage();
  page.on('console', (m) => { if (m.type() === 'error') console.error('console:', m.text()); });
  await page.goto(`${url.origin}/gas${url.hash}`);
  await page.waitForSelector('[data-testid=max-fee-medium]', { timeout: 90_000 });
  await page.waitForTimeout(Number(process.env.WAIT ?? 15000));
  await page.screenshot({ path: `/tmp/gas-${scheme}.png`, fullPage: false });
  console.error('shot', scheme);
}
await browser.close();
child.kill('SIGTERM');
