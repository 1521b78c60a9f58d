import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { sharedSandbox } from '../rpc/testing/sharedSandbox';
import { openStore } from '../store/openStore';
import { createGasSamples } from './gasSamples';

const CHILD = fileURLToPath(new URL('./testing/gasPollingChild.ts', import.meta.url));
const ROUNDS = 3;
const sandbox = sharedSandbox();

/** Runs the polling service in a child until it has stored `samples` samples, kill -9s it, and returns the blocks it acknowledged. */
async function pollAndKill(dataDir: string, samples: number): Promise<number[]> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, BLOCKGLASS_TEST_SANDBOX: JSON.stringify(sandbox.info) },
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  const deadline = Date.now() + 60_000;
  while (out.split('\n').length <= samples) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the child stored ${out.split('\n').length - 1} samples, not ${samples}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  // Kill it mid-interval, at a random moment (it may be in the middle of its next poll or write).
  await new Promise((resolve) => setTimeout(resolve, Math.random() * 2000));
  child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');
  return out.split('\n').slice(0, -1).map(Number);
}

describe('gas history durability', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-gas-kill-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it(`keeps every stored sample across ${ROUNDS} kill -9s of the polling service, and the file stays sound`, { timeout: 240_000 }, async () => {
    const acknowledged = new Set<number>();
    for (let round = 0; round < ROUNDS; round++) {
      for (const block of await pollAndKill(dataDir, 3)) acknowledged.add(block);
      const store = openStore(dataDir);
      try {
        expect(store.integrityCheck()).toEqual(['ok']);
        const stored = new Set((store.db.prepare('SELECT block FROM gas_samples WHERE chain = ?').all(String(sandbox.info.chainId)) as { block: number }[]).map((row) => Number(row.block)));
        expect([...acknowledged].filter((block) => !stored.has(block)), `round ${round}: acknowledged but lost`).toEqual([]);
        const history = createGasSamples(store).history('local', String(sandbox.info.chainId), 'hour', 720);
        expect(history.samples).toBeGreaterThanOrEqual(acknowledged.size);
      } finally {
        store.close();
      }
    }
    expect(acknowledged.size).toBeGreaterThanOrEqual(ROUNDS * 2);
  });
});
