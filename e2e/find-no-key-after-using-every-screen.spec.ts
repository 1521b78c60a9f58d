import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { encodeFunctionData, parseAbi } from 'viem';
import { openAbiImport } from './abiImportFold';
import { appPath, readChain, seededManifest } from './chain';
import { expect, test } from './appFixture';
import { appSandbox } from './appSandbox';
import { needlesOf, found, byteSearch, filesUnder, argv0, allProcesses, pageText, browserStorage } from './secretSearch';

// The secret search (issue 14): after a scripted session through every screen, on a remote-style network
// (the app's own sandbox reached through a custom network that carries the key in its addresses, as a
// hosted service's do) and on Local, with a made-up key on a hosted preset too, the keys and secrets are
// nowhere but the keychain and the sandbox process they were handed to: not in any page, browser storage,
// IndexedDB, Cache Storage, cookie, file of the data folder (binary included), log line, exported file, nor
// in any process's command line or environment on the machine.

const REMOTE = 'Remote-style node';
const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const erc20 = parseAbi(['function balanceOf(address account) view returns (uint256)']);
/** What the journey imports for the token: what it calls and what its logs hold. */
const TOKEN_ABI = ['function transfer(address recipient, uint256 amount) returns (bool)', 'function balanceOf(address account) view returns (uint256)', 'event Transfer(address indexed from, address indexed to, uint256 value)'].join('\n');

test('after a session through every screen, on a remote-style network and on Local, no key or secret is anywhere but the keychain', async ({ app, page, context }, testInfo) => {
  // About 100 s on a quiet 2-core machine; the ceiling leaves room for a loaded one.
  test.setTimeout(240_000);
  const manifest = seededManifest();
  const token = manifest.contracts.tokens[0]!;
  const owner = manifest.accounts.deployer.address as `0x${string}`;
  const failedHash = manifest.transactions.failed;
  const failedTx = await readChain<{ to: string; blockNumber: string }>('eth_getTransactionByHash', [failedHash]);
  const failedBlock = Number(failedTx.blockNumber);

  // A made-up key for the hosted presets (never sent anywhere that answers: this machine has no internet),
  // with characters that URL-encoding and base64 change; random so no other run's processes can hold it.
  const salt = crypto.randomBytes(6).toString('hex');
  const hosted = { key: `hosted+Key/${salt}=e2e`, secret: `hosted:Secret&${salt}?` };

  const snapshots: { step: string; text: string }[] = [];
  const snap = async (step: string) => snapshots.push({ step, text: await pageText(page) });
  // Everything main sends the page over the API's WebSocket (what the page sends holds the keys typed in Settings, by design).
  const received: string[] = [];
  page.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => received.push(typeof payload === 'string' ? payload : payload.toString('latin1'))));
  const downloads: { name: string; bytes: Buffer }[] = [];
  const keep = async (click: () => Promise<void>) => {
    const [download] = await Promise.all([page.waitForEvent('download'), click()]);
    const file = testInfo.outputPath('downloads', `${downloads.length + 1}-${download.suggestedFilename()}`);
    await download.saveAs(file);
    downloads.push({ name: path.relative(testInfo.outputDir, file), bytes: fs.readFileSync(file) });
  };
  const go = (route: string) => page.goto(appPath(app.url, route));

  // 1. The hosted service's key, made up, and a test of a hosted network (unreachable: its error must not carry the key).
  await go('/settings/keys');
  await page.getByRole('button', { name: 'Add key for Hosted service' }).click();
  await page.getByRole('textbox', { name: 'API key', exact: true }).fill(hosted.key);
  await page.getByRole('textbox', { name: 'API secret (optional)' }).fill(hosted.secret);
  await page.getByRole('button', { name: /save/i }).click();
  await expect(page.getByLabel(/^Key hint host.*…/)).toBeVisible();
  await snap('settings/keys, hosted key saved');
  await page.getByRole('link', { name: /networks/i }).first().click();
  await page.getByRole('button', { name: 'Test connection to Ethereum Mainnet' }).click();
  await expect(page.getByText(/could not|unreachable|failed|not reach/i).first()).toBeVisible({ timeout: 30_000 });
  await snap('settings/networks, hosted network tested');

  // 2. The remote-style network: the sandbox's own addresses, the key in the JSON-RPC path where `{key}` says,
  //    appended to the WebSocket address, in the gas API's path; basic auth for the content store.
  const sandbox = await appSandbox(app);
  await go('/settings/sandbox');
  await expect(page.getByRole('img', { name: 'Sandbox running' })).toBeVisible({ timeout: 30_000 });
  await snap('settings/sandbox');
  await go('/settings/networks/new');
  await page.getByLabel('Name').fill(REMOTE);
  await page.getByLabel('Chain id').fill('31337');
  await page.getByLabel('JSON-RPC address').fill(`${sandbox.origin}/local/v3/{key}`);
  await page.getByLabel('WebSocket address (optional)').fill(`${sandbox.origin.replace(/^http/, 'ws')}/local/ws/v3/`);
  await page.getByLabel('Gas API address (optional)').fill(sandbox.origin);
  await page.getByLabel('Gas API credentials').selectOption('path');
  await page.getByLabel('Content store address (optional)').fill(sandbox.origin);
  await page.getByRole('button', { name: 'Add network' }).click();
  await expect(page.getByRole('main').getByText(REMOTE).first()).toBeVisible();
  // The sandbox opens to its own key only: the remote-style network gets Local's key and secret.
  await page.getByRole('link', { name: /API keys/i }).first().click();
  await page.getByRole('button', { name: `Add key for ${REMOTE}` }).click();
  await page.getByRole('textbox', { name: 'API key', exact: true }).fill(sandbox.key);
  await page.getByRole('textbox', { name: 'API secret (optional)' }).fill(sandbox.secret);
  await page.getByRole('button', { name: /save/i }).click();
  await expect(page.getByRole('textbox', { name: 'API key', exact: true })).toHaveCount(0);
  await snap('settings/keys, remote-style key saved');
  await page.getByRole('link', { name: /networks/i }).first().click();
  await page.getByRole('button', { name: `Test connection to ${REMOTE}` }).click();
  await expect(page.getByRole('status', { name: `Connection test of ${REMOTE}` }).getByText('Connected')).toBeVisible({ timeout: 30_000 });
  await snap('settings/networks, remote-style network tested');

  // 3. Every screen, on each network.
  for (const network of [REMOTE, 'Local sandbox']) {
    await go('/explorer');
    await page.getByLabel('Network', { exact: true }).selectOption({ label: network });
    await expect(page.getByText(`Latest blocks and transactions on ${network}, live.`)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('img', { name: /^Connected to / })).toBeVisible({ timeout: 30_000 });
    await snap(`${network}: explorer home`);

    // A receipt looked up from home opens the transaction, decoded from the contract's metadata (the content store, with the secret).
    await page.getByLabel('Look up a receipt').fill(failedHash);
    await page.getByRole('button', { name: 'Explain' }).click();
    await expect(page.getByRole('button', { name: 'Export case file (Markdown)' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('region', { name: 'Input' }).getByText("from the contract's metadata")).toBeVisible({ timeout: 30_000 });
    await keep(() => page.getByRole('button', { name: 'Export case file (Markdown)' }).click());
    await keep(() => page.getByRole('button', { name: 'Export JSON' }).click());
    await snap(`${network}: transaction`);

    // The block, from the search box.
    const search = page.getByRole('searchbox', { name: 'Search', exact: true });
    await search.fill(String(failedBlock));
    await search.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^Block ${failedBlock.toLocaleString('en-US')}`) })).toBeVisible({ timeout: 30_000 });
    await snap(`${network}: block`);

    await go(`/explorer/address/${failedTx.to}`);
    await expect(page.getByText(/from the contract's metadata · Reverter\.sol:Reverter/)).toBeVisible({ timeout: 30_000 });
    await snap(`${network}: contract address, decoded`);
    // An ABI imported (on the first network; it belongs to the chain, so the second one shows it too).
    await go(`/explorer/address/${token.address}`);
    if (network === REMOTE) {
      const form = page.getByRole('region', { name: 'Import an ABI' });
      await expect(form).toBeVisible({ timeout: 30_000 });
      // Folded away (the token's ABI is known from its metadata) until opened.
      await (await openAbiImport(form)).fill(TOKEN_ABI);
      await form.getByLabel('Label for this address (optional)').fill('Journey token');
      await form.getByRole('button', { name: 'Import' }).click();
    }
    await expect(page.getByRole('region', { name: 'Imported ABI' })).toBeVisible({ timeout: 30_000 });
    await snap(`${network}: token address, ABI imported`);

    // Logs: a query run to its end, exported as CSV and JSON, shown as curl, saved.
    await go(`/logs?address=${token.address}&fromBlock=1&toBlock=${failedBlock}&topic0=${TRANSFER}`);
    await expect(page.getByLabel('Contract addresses')).toHaveValue(token.address);
    await page.getByRole('button', { name: /^Run (query|anyway)$/ }).click();
    await expect(page.getByRole('status').filter({ hasText: /^Done: / })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('grid', { name: 'logs' }).getByText('Transfer').first()).toBeVisible();
    await keep(() => page.getByRole('button', { name: 'Export CSV' }).click());
    await keep(() => page.getByRole('button', { name: 'Export JSON' }).click());
    await page.getByRole('button', { name: 'curl', exact: true }).click();
    await expect(page.getByLabel('curl command')).toContainText('<YOUR-API-KEY>');
    await page.getByLabel('Name for this query').fill(`Transfers on ${network}`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('complementary', { name: 'Saved queries' }).getByRole('button', { name: `Transfers on ${network}`, exact: true })).toBeVisible();
    await snap(`${network}: logs`);

    // The call playground: a read and a revert, both in the history.
    await go(`/call?to=${token.address}&data=${encodeFunctionData({ abi: erc20, args: [owner] })}&from=${owner}`);
    await expect(page.getByLabel('Function')).toHaveValue('balanceOf(address)', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Run eth_call' }).click();
    await expect(page.getByRole('region', { name: /Result/ }).getByRole('row', { name: /uint256 [\d,.]+ \w+$/ })).toBeVisible({ timeout: 30_000 });
    await go(`/call?to=${manifest.contracts.reverter}&data=${manifest.reverts.reasonString.data}&from=${owner}`);
    await page.getByRole('button', { name: 'Run eth_call' }).click();
    await expect(page.getByRole('heading', { name: /^Reverted / })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('region', { name: 'History' }).getByRole('listitem')).toHaveCount(2, { timeout: 10_000 });
    await snap(`${network}: call playground`);

    // The gas dashboard, with an alert set far above the fee.
    await go('/gas');
    await expect(page.getByTestId('max-fee-medium')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('gas-source')).toHaveText('Source: gas API', { timeout: 30_000 });
    const current = Number(await page.getByTestId('max-fee-medium').getAttribute('data-exact'));
    const alerts = page.locator('form.gas-alert-form');
    await alerts.getByLabel('Figure to watch').selectOption('medium');
    await alerts.getByLabel('Below or above').selectOption('above');
    await alerts.getByLabel('Threshold in gwei').fill((current * 1000 + 1).toFixed(9));
    // Enter in the field, as a person may. A click on the button once did not send the form (a clean clone's run:
    // the value typed, no request, no error); the charts above it are still filling in at this point of the
    // session, and the button most likely moved under the click.
    await alerts.getByLabel('Threshold in gwei').press('Enter');
    await expect(page.getByRole('list', { name: 'Alerts' }).getByText('medium max fee above')).toBeVisible();
    await snap(`${network}: gas`);

    // Content: a small file added, opened, previewed, saved back.
    const note = `A note added on ${network}, ${salt}, ${Date.now()}\n`;
    await go('/content');
    await expect(page.getByRole('heading', { name: 'Content', level: 1 })).toBeVisible();
    await page.getByTestId('content-add-files').setInputFiles({ name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from(note) });
    // One file is added as itself (not wrapped in a folder): the upload ends by opening its preview.
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toMatch(/^\/content\/[^/]+$/);
    await expect(page.getByText(note.trim())).toBeVisible({ timeout: 30_000 });
    await keep(() => page.getByRole('button', { name: 'Save as…' }).first().click());
    expect(downloads.at(-1)!.bytes.toString()).toBe(note);
    await snap(`${network}: content`);
  }

  // 4. Every settings page, last.
  for (const section of ['networks', 'keys', 'sandbox', 'appearance']) {
    await go(`/settings/${section}`);
    // The Settings screen loads on demand: slow on a loaded machine.
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible({ timeout: 30_000 });
    if (section === 'sandbox') await expect(page.getByRole('img', { name: 'Sandbox running' })).toBeVisible({ timeout: 30_000 });
    if (section === 'keys') await expect(page.getByLabel(/^Key hint /).first()).toBeVisible();
    await snap(`settings/${section}`);
  }
  const storage = await browserStorage(page);
  for (const cookie of await context.cookies()) storage.entries.push({ where: `cookie ${cookie.name}`, text: `${cookie.name}=${cookie.value}` });

  // The secrets: the made-up hosted key and secret, and the sandbox's, which the remote-style network uses too.
  const needles = needlesOf({ hosted, sandbox });
  const bytesSearch = byteSearch(needles);
  expect(sandbox.key.length).toBeGreaterThan(8);
  expect(sandbox.secret.length).toBeGreaterThan(8);

  const leaks: string[] = [];
  for (const { step, text } of snapshots) for (const what of found(text, needles)) leaks.push(`${what} in the page at "${step}"`);
  for (const { where, text } of storage.entries) for (const what of found(text, needles)) leaks.push(`${what} in ${where}`);
  for (const { name, bytes } of downloads) for (const what of bytesSearch.inBytes(bytes)) leaks.push(`${what} in the exported file ${name}`);
  received.forEach((frame, index) => {
    for (const what of found(frame, needles)) leaks.push(`${what} in API message ${index + 1} to the page: ${frame.slice(0, 160)}`);
  });

  // 5. Every process on the machine, while the app runs: command line and environment. The one exception is
  //    the sandbox process's environment, through which it is handed its key and secret by design (a command
  //    line is readable by every user, an environment by its owner only); its command line is searched. It is the node process
  //    running out/sandbox/cli.mjs with --data <this app's data folder>/sandbox, a descendant of this app's web
  //    host. Its guard (the /bin/sh above it), Anvil and Anvil's guard are searched like every other process,
  //    and so is this test's own process tree: it reads the keys from the keychain into its memory only.
  const processes = allProcesses();
  const byPid = new Map(processes.map((process) => [process.pid, process]));
  const descendsFrom = (pid: number, ancestor: number) => {
    for (let at = byPid.get(pid); at && at.pid > 1; at = byPid.get(at.ppid)) if (at.ppid === ancestor) return true;
    return false;
  };
  const host = processes.find((process) => process.cmdline.includes('scripts/serve.mjs') && process.cmdline.includes(app.dataDir));
  expect(host, 'the web host of this journey').toBeDefined();
  const sandboxDir = path.join(app.dataDir, 'sandbox');
  // Its guard's command line names the same command (after `/bin/sh -c <script> sandbox-guard`): the sandbox is
  // the one that runs node itself, the guard's child.
  const sandboxProcesses = processes.filter(
    (process) => argv0(process) === argv0(host!) && /\bout\/sandbox\/cli\.mjs\b/.test(process.cmdline) && process.cmdline.includes(sandboxDir) && descendsFrom(process.pid, host!.pid),
  );
  expect(sandboxProcesses.map((process) => process.pid), 'one sandbox process under the web host').toHaveLength(1);
  const sandboxProcess = sandboxProcesses[0]!;
  expect(byPid.get(sandboxProcess.ppid)?.cmdline, "the sandbox's parent is its guard").toMatch(/^\/bin\/sh -c .* sandbox-guard /s);
  // The search sees what it is looking for where it is known to be: the key in the sandbox's environment.
  expect(bytesSearch.inBytes(sandboxProcess.environ ?? Buffer.alloc(0)), "the sandbox's own environment holds its key").toContain('the sandbox key');
  const anvil = processes.find((process) => /anvil$/.test(argv0(process)) && descendsFrom(process.pid, sandboxProcess.pid));
  expect(anvil, "the sandbox's Anvil").toBeDefined();
  // Kernel threads have neither a command line nor an environment; a process may also end while it is read.
  const searched = processes.filter((process) => process.cmdline !== '');
  let environsRead = 0;
  for (const process of searched) {
    for (const what of bytesSearch.inBytes(process.cmdlineBytes)) leaks.push(`${what} in the command line of pid ${process.pid} (${process.cmdline.slice(0, 160)})`);
    if (process.environ === undefined || process.pid === sandboxProcess.pid) continue;
    environsRead++;
    for (const what of bytesSearch.inBytes(process.environ)) leaks.push(`${what} in the environment of pid ${process.pid} (${process.cmdline.slice(0, 160)})`);
  }

  // 6. The data folder at rest, once the app has stopped (with what it writes on the way out), and the logs of the whole run.
  await app.stop();
  const files = filesUnder(app.dataDir);
  expect(files.some((file) => file.endsWith('blockglass.sqlite'))).toBe(true);
  let bytesRead = 0;
  for (const file of files) {
    const { found: holds, size } = bytesSearch.inFile(file);
    bytesRead += size;
    for (const what of holds) leaks.push(`${what} in the data folder's ${path.relative(app.dataDir, file)}`);
  }
  for (const what of found(app.logs(), needles)) {
    const line = app.logs().split('\n').findIndex((text) => found(text, needles).includes(what));
    leaks.push(`${what} in the app's log, line ${line + 1}`);
  }

  const summary =
    `secret search: ${needles.length} forms of 2 keys and 2 secrets, in ${snapshots.length} page snapshots, ${received.length} API messages to the page, ` +
    `${storage.entries.length} storage entries (${storage.idbRecords} IndexedDB records), ${downloads.length} exported files, ` +
    `${files.length} data-folder files (${(bytesRead / 2 ** 20).toFixed(0)} MiB), ${app.logs().split('\n').length} log lines, ` +
    `${searched.length} processes' command lines and ${environsRead} environments (left out: the sandbox's, pid ${sandboxProcess.pid}; ${searched.length - environsRead - 1} unreadable; its Anvil, pid ${anvil!.pid}, searched)`;
  console.log(summary);
  testInfo.annotations.push({ type: 'secret search', description: summary });
  expect(leaks, 'where a key or secret was found').toEqual([]);
});
