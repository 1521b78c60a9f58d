import crypto from 'node:crypto';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { recordFault } from '../../../test-support/faultReport';
import { sharedSandbox } from '../rpc/testing/sharedSandbox';
import { createSecretStore } from '../secrets/createSecretStore';
import { describeWithKeychain } from '../secrets/testing/keyringSession';
import { openStore, type Store } from '../store/openStore';
import { HISTORY_KEEP } from '../call/callHistory';
import { createGasSamples } from '../gas/gasSamples';
import { chainKey } from '../chains/chainKey';

// The app killed (kill -9) while it saves every kind of thing a person saves (log queries, ABIs, gas alerts, call
// history, gas samples, settings, networks and their keys): the SQLite file must open clean, and everything the
// services answered for must be there (testing/appWriterChild.ts says what each acknowledged line means).
//
// The kill points are fixed per round (not random), and the kill is sent from the writer's own output the moment
// it has acknowledged that many saves: no polling, no sleep.

const WRITER_SOURCE = fileURLToPath(new URL('./testing/appWriterChild.ts', import.meta.url));
// The writer runs bundled (once per run, beside node_modules so its packages resolve): a process started 30 times
// is ready in half the time it takes through tsx.
const WRITER = path.resolve('.cache', `app-writer-${process.pid}.mjs`);
const ROUNDS = 30;
const shared = sharedSandbox();

/** How many acknowledged lines round `round` waits for before the kill: 9 (one whole first pass) to 47. */
const killAfter = (round: number) => 9 + ((round * 17) % 39);
/** Every fifth round also waits for a gas sample (the feed stores one every 2 s), so samples are mid-write too. */
const waitsForSample = (round: number) => round % 5 === 4;

describeWithKeychain('fault: the app killed while saving', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-faults-killed-'));
  const keychainService = `blockglass-faults-${crypto.randomBytes(4).toString('hex')}`;
  const keychain = createSecretStore({ service: keychainService });
  beforeAll(async () => {
    await build({ entryPoints: [WRITER_SOURCE], bundle: true, platform: 'node', format: 'esm', packages: 'external', target: 'node20', outfile: WRITER, logLevel: 'error' });
  });
  afterAll(async () => {
    fs.rmSync(WRITER, { force: true });
    for (const network of openStore(dataDir).networks.list()) await keychain.delete(network.id).catch(() => {});
    await keychain.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Runs the writer until it has acknowledged `killAfter(round)` saves, kill -9s it at once, and returns its lines. */
  async function writeAndKill(round: number): Promise<string[]> {
    const env = { ...process.env, BLOCKGLASS_TEST_SANDBOX: JSON.stringify({ rpcUrl: shared.info.rpcUrl, key: shared.info.key, from: shared.manifest.accounts.deployer.address, token: shared.manifest.contracts.logStorm }) };
    const child = spawn(process.execPath, [WRITER, dataDir, keychainService, String(round)], { stdio: ['ignore', 'pipe', 'inherit'], env });
    let out = '';
    const want = killAfter(round);
    const acknowledged = () => out.split('\n').slice(0, -1).filter((line) => line !== 'ready');
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (acknowledged().length >= want && (!waitsForSample(round) || out.includes('sample '))) child.kill('SIGKILL');
    });
    const signal = await new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, exitSignal) => resolve(exitSignal)));
    expect(signal, `round ${round}: the writer stopped by itself after ${acknowledged().length} saves`).toBe('SIGKILL');
    return acknowledged();
  }

  /** What of `acknowledged` is missing from the store (and the keychain) after round `round`'s kill. */
  async function missingAfterKill(store: Store, acknowledged: string[]): Promise<string[]> {
    const column = (sql: string, ...args: string[]) => (store.db.prepare(sql).all(...args) as { value: string | number }[]).map((row) => String(row.value));
    const networkIds = new Set(column('SELECT id AS value FROM networks'));
    const writerNetwork = store.networks.list().find((network) => network.name === 'Writer sandbox')!.id;
    // ABIs and samples are kept by chain: the sandbox's chain id and genesis hash.
    const genesis = await fetch(shared.info.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBlockByNumber', params: ['0x0', false] }) });
    const chain = chainKey(31337, ((await genesis.json()) as { result: { hash: string } }).result.hash);
    // Straight from the tables: the services' lists show the newest few hundred only.
    const have = new Set<string>([
      ...column('SELECT id AS value FROM saved_log_queries').map((id) => `query ${id}`),
      ...column('SELECT address AS value FROM abis WHERE chain = ?', chain).map((address) => `abi ${address}`),
      ...column('SELECT id AS value FROM gas_alerts').map((id) => `alert ${id}`),
      ...[...networkIds].map((id) => `network ${id}`),
    ]);
    const calls = column('SELECT id AS value FROM call_history WHERE network_id = ?', writerNetwork).map(Number);
    const oldestCall = Math.min(...calls);
    const samples = createGasSamples(store);
    const missing: string[] = [];
    for (const line of acknowledged) {
      const [kind, value = '', extra = ''] = line.split(' ');
      if (kind === 'call') {
        // The history keeps a network's newest HISTORY_KEEP unpinned calls (calls answered but not yet acknowledged
        // when the kill came count among them): an older call is pruned, not lost.
        const pruned = calls.length === HISTORY_KEEP && Number(value) < oldestCall;
        if (!calls.includes(Number(value)) && !pruned) missing.push(line);
      } else if (kind === 'sample') {
        // Samples are kept for the retention the writer sets (7, 30 or 90 days): one of an older block (the seeded
        // chain's head has a 2025 timestamp, before the traffic mines at today's) is pruned by design, not lost.
        const pruned = Number(extra) < Date.now() - 7 * 86_400_000;
        if (!pruned && samples.blocksIn(chain, Number(value), Number(value)).size === 0) missing.push(line);
      } else if (kind === 'key') {
        if ((await keychain.get(value))?.apiKey !== extra) missing.push(line);
      } else if (kind === 'theme' || kind === 'retention' || kind === 'select') {
        // Settings: only the latest write counts; checked below.
      } else if (!have.has(line)) missing.push(line);
    }
    // A setting holds the last acknowledged value, or the next one when its write was answered just as the kill came.
    const lastOf = (kind: string) => acknowledged.findLast((line) => line.startsWith(`${kind} `))?.split(' ');
    const setting = (key: string) => column('SELECT value FROM settings WHERE key = ?', key).map((json) => JSON.parse(json) as unknown)[0];
    const theme = lastOf('theme');
    if (theme && ![theme[1], theme[2]].includes(String(setting('theme')))) missing.push(`theme ${theme[1]} (stored: ${String(setting('theme'))})`);
    const retention = lastOf('retention');
    if (retention && ![retention[1], retention[2]].includes(String(setting('gasRetentionDays')))) missing.push(`retention ${retention[1]} (stored: ${String(setting('gasRetentionDays'))})`);
    const select = lastOf('select');
    const acknowledgedNetworks = new Set(acknowledged.filter((line) => line.startsWith('network ')).map((line) => line.slice(8)));
    const selected = String(setting('selectedNetworkId'));
    // The selection may have moved on to a network added after the last acknowledged line, never back.
    if (select && selected !== select[1] && (acknowledgedNetworks.has(selected) || !networkIds.has(selected))) missing.push(`select ${select[1]} (stored: ${selected})`);
    return missing;
  }

  it(`keeps every acknowledged save of every kind and a sound file across ${ROUNDS} kill -9s`, { timeout: 600_000 }, async () => {
    const acknowledged: string[] = [];
    let reopenMs = 0;
    for (let round = 0; round < ROUNDS; round++) {
      acknowledged.push(...(await writeAndKill(round)));
      const started = performance.now();
      const store = openStore(dataDir);
      try {
        expect(store.integrityCheck()).toEqual(['ok']);
        reopenMs = Math.max(reopenMs, performance.now() - started);
        expect(await missingAfterKill(store, acknowledged), `round ${round}: acknowledged but lost`).toEqual([]);
      } finally {
        store.close();
      }
    }
    const kinds = (kind: string) => acknowledged.filter((line) => line.startsWith(`${kind} `)).length;
    for (const kind of ['query', 'abi', 'alert', 'call', 'theme', 'retention', 'network', 'key', 'select', 'sample']) expect(kinds(kind), `acknowledged ${kind} saves`).toBeGreaterThan(0);
    const checkedSamples = acknowledged.filter((line) => line.startsWith('sample ') && Number(line.split(' ')[2]) >= Date.now() - 7 * 86_400_000);
    expect(checkedSamples.length, 'samples of recent blocks, looked for in the store').toBeGreaterThan(0);
    // The history was full from the first round: acknowledged calls were pruned, and the check above allowed for it.
    const store = openStore(dataDir);
    const kept = (store.db.prepare('SELECT COUNT(*) AS n FROM call_history').get() as { n: number }).n;
    store.close();
    expect(kept, 'calls kept in the history').toBe(HISTORY_KEEP);
    recordFault({
      fault: `app killed (kill -9), ${ROUNDS} times`,
      work: 'saving queries, ABIs, alerts, call history, gas samples, settings, networks and keys',
      outcome: `integrity_check ok each time; all ${acknowledged.length} acknowledged saves there (${['query', 'abi', 'alert', 'call', 'sample', 'theme', 'retention', 'network', 'key', 'select'].map((kind) => `${kinds(kind)} ${kind}`).join(', ')})`,
      recoveryMs: reopenMs,
    });
  });
});
