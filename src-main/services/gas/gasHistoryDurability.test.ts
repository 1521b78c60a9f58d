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

/**
 * Runs the polling service in a child until it has stored `samples` samples (read from its own output, no
 * polling), kill -9s it `killAfterMs` later, and returns the blocks it acknowledged.
 */
async function pollAndKill(dataDir: string, samples: number, killAfterMs: number): Promise<number[]> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, BLOCKGLASS_TEST_SANDBOX: JSON.stringify(sandbox.info) },
  });
  let out = '';
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the child stored ${out.split('\n').length - 1} samples, not ${samples}`)), 60_000);
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.split('\n').length > samples) {
        clearTimeout(timer);
        resolve();
      }
    });
    void exited.then(() => reject(new Error(`the child exited after ${out.split('\n').length - 1} samples, not ${samples}`)));
  });
  // The kill point itself, not a wait for something: this far into the 2 s interval after a stored sample.
  if (killAfterMs > 0) await new Promise((resolve) => setTimeout(resolve, killAfterMs));
  child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');
  return out.split('\n').slice(0, -1).map(Number);
}

// Where in the polling interval each round kills: right after a sample is stored, then a third and two thirds
// of the way to the next poll (so the kill may land in a poll or its write).
const KILL_AFTER_MS = [0, 700, 1400];

describe('gas history durability', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-gas-kill-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it(`keeps every stored sample across ${ROUNDS} kill -9s of the polling service, and the file stays sound`, { timeout: 240_000 }, async () => {
    const acknowledged = new Set<number>();
    for (let round = 0; round < ROUNDS; round++) {
      for (const block of await pollAndKill(dataDir, 3, KILL_AFTER_MS[round % KILL_AFTER_MS.length]!)) acknowledged.add(block);
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
