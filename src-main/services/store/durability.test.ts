import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from './openStore';

const WRITER = fileURLToPath(new URL('./testing/durabilityWriter.ts', import.meta.url));
const ROUNDS = 20;

/** Starts the writer, lets it commit for a random while, kill -9s it, and returns the ids it acknowledged. */
async function writeAndKill(dataDir: string, round: number): Promise<string[]> {
  const child = spawn(process.execPath, ['--import', 'tsx', WRITER, dataDir, String(round)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  // Wait for the first commit (the child is up and writing), then kill at a random moment mid-stream.
  const deadline = Date.now() + 20_000;
  while (!out.includes('\n')) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the writer never committed (round ${round})`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 200));
  child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');
  // Only complete lines are acknowledgements; a partial last line was cut by the kill.
  return out.split('\n').slice(0, -1);
}

describe('store durability', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-durability-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it(`keeps every acknowledged write and a sound file across ${ROUNDS} kill -9s mid-write`, { timeout: 180_000 }, async () => {
    const acknowledged: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const ids = await writeAndKill(dataDir, round);
      acknowledged.push(...ids);

      const store = openStore(dataDir);
      try {
        expect(store.integrityCheck()).toEqual(['ok']);
        const stored = new Set(store.networks.list().map((n) => n.id));
        const missing = acknowledged.filter((id) => !stored.has(id));
        expect(missing, `round ${round}: acknowledged but lost`).toEqual([]);
        // Network and setting were written in one transaction: the selected id is the newest network of the
        // round (its last acknowledged one, or one committed just before the kill but not yet printed).
        const selected = store.settings.get('selectedNetworkId');
        expect(selected).toBeDefined();
        expect(stored.has(selected as string)).toBe(true);
        const newest = (id: string) => Number(id.split('-').at(-1));
        const lastAcked = ids.at(-1);
        expect(selected?.startsWith(`custom-r${round}-`)).toBe(true);
        if (lastAcked !== undefined) expect(newest(selected as string)).toBeGreaterThanOrEqual(newest(lastAcked));
      } finally {
        store.close();
      }
    }
    expect(acknowledged.length).toBeGreaterThan(ROUNDS);
  });
});
