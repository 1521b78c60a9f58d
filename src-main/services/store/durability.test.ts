import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from './openStore';

const WRITER = fileURLToPath(new URL('./testing/durabilityWriter.ts', import.meta.url));
const ROUNDS = 20;

/**
 * Starts the writer and kill -9s it as soon as it has acknowledged `acks` commits (read from its own output, no
 * polling): it is then in the middle of its next transaction. Returns the ids it acknowledged.
 */
async function writeAndKill(dataDir: string, round: number, acks: number): Promise<string[]> {
  const child = spawn(process.execPath, ['--import', 'tsx', WRITER, dataDir, String(round)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the writer acknowledged ${out.split('\n').length - 1} commits, not ${acks} (round ${round})`)), 20_000);
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.split('\n').length > acks && !child.killed) {
        clearTimeout(timer);
        child.kill('SIGKILL');
        resolve();
      }
    });
    void exited.then(() => reject(new Error(`the writer exited before ${acks} commits (round ${round})`)));
  });
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
      // A different, fixed kill point each round: after 1 to 40 acknowledged commits.
      const ids = await writeAndKill(dataDir, round, 1 + ((round * 17) % 40));
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
