import crypto from 'node:crypto';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { recordFault } from '../../../test-support/faultReport';
import { sharedSandbox } from '../rpc/testing/sharedSandbox';
import { createSecretStore } from '../secrets/createSecretStore';
import { describeWithKeychain } from '../secrets/testing/keyringSession';
import { openStore } from '../store/openStore';
import { HISTORY_KEEP } from '../call/callHistory';
import { createGasSamples } from '../gas/gasSamples';

// The app killed (kill -9) while it saves log queries, call history, ABIs, gas alerts and gas samples: the
// SQLite file must open clean, and everything the services said was done must be there.

const WRITER = fileURLToPath(new URL('./testing/appWriterChild.ts', import.meta.url));
const ROUNDS = 6;
const shared = sharedSandbox();

describeWithKeychain('fault: the app killed while saving', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-faults-killed-'));
  const keychainService = `blockglass-faults-${crypto.randomBytes(4).toString('hex')}`;
  afterAll(async () => {
    const keychain = createSecretStore({ service: keychainService });
    for (const network of openStore(dataDir).networks.list()) await keychain.delete(network.id).catch(() => {});
    await keychain.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Runs the writer until it has acknowledged a random number of saves, kill -9s it, and returns its lines. */
  async function writeAndKill(round: number): Promise<string[]> {
    const env = { ...process.env, BLOCKGLASS_TEST_SANDBOX: JSON.stringify({ rpcUrl: shared.info.rpcUrl, key: shared.info.key, from: shared.manifest.accounts.deployer.address, token: shared.manifest.contracts.logStorm }) };
    const child = spawn(process.execPath, ['--import', 'tsx', WRITER, dataDir, keychainService, String(round)], { stdio: ['ignore', 'pipe', 'inherit'], env });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    const want = 8 + Math.floor(Math.random() * 40);
    const deadline = Date.now() + 60_000;
    // At least one gas sample of this round among them, so every kind of save is under way when it dies.
    while (out.split('\n').length <= want || !out.includes('sample ')) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`round ${round}: the writer acknowledged ${out.split('\n').length - 1} saves, not ${want}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    return out.split('\n').slice(0, -1).filter((line) => line !== 'ready');
  }

  it(`keeps every acknowledged save and a sound file across ${ROUNDS} kill -9s`, { timeout: 300_000 }, async () => {
    const acknowledged: string[] = [];
    let reopenMs = 0;
    for (let round = 0; round < ROUNDS; round++) {
      acknowledged.push(...(await writeAndKill(round)));
      const started = Date.now();
      const store = openStore(dataDir);
      try {
        expect(store.integrityCheck()).toEqual(['ok']);
        reopenMs = Math.max(reopenMs, Date.now() - started);
        const networkId = store.networks.list().find((network) => network.name === 'Writer sandbox')!.id;
        // Straight from the tables: the services' lists show the newest few hundred only.
        const column = (sql: string, ...args: string[]) => (store.db.prepare(sql).all(...args) as { value: string | number }[]).map((row) => String(row.value));
        const have = new Set<string>([
          ...column('SELECT id AS value FROM saved_log_queries').map((id) => `query ${id}`),
          ...column('SELECT address AS value FROM abis WHERE chain = ?', '31337').map((address) => `abi ${address}`),
          ...column('SELECT id AS value FROM gas_alerts').map((id) => `alert ${id}`),
          ...column('SELECT id AS value FROM call_history WHERE network_id = ?', networkId).map((id) => `call ${id}`),
        ]);
        const samples = createGasSamples(store);
        // The history keeps a network's newest HISTORY_KEEP calls by design: older acknowledged calls are pruned, not lost.
        const kept = new Set(acknowledged.filter((line) => line.startsWith('call ')).slice(-HISTORY_KEEP));
        const expected = acknowledged.filter((line) => !line.startsWith('call ') || kept.has(line));
        const missing = expected.filter((line) => (line.startsWith('sample ') ? samples.blocksIn('31337', Number(line.slice(7)), Number(line.slice(7))).size === 0 : !have.has(line)));
        expect(missing, `round ${round}: acknowledged but lost`).toEqual([]);
      } finally {
        store.close();
      }
    }
    const kinds = (kind: string) => acknowledged.filter((line) => line.startsWith(`${kind} `)).length;
    expect(kinds('query')).toBeGreaterThan(ROUNDS);
    expect(kinds('sample')).toBeGreaterThan(0);
    recordFault({
      fault: `app killed (kill -9), ${ROUNDS} times`,
      work: 'saving queries, call history, ABIs, alerts, gas samples',
      outcome: `integrity_check ok each time; all ${acknowledged.length} acknowledged saves there (${kinds('query')} queries, ${kinds('call')} calls, ${kinds('abi')} ABIs, ${kinds('alert')} alerts, ${kinds('sample')} samples)`,
      recoveryMs: reopenMs,
    });
  });
});
