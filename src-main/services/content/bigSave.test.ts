import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { residentBytes, sampleMemory } from '../../../test-support/processMemory';
import { sharedSandbox } from '../rpc/testing/sharedSandbox';
import { basicAuthorization } from '../secrets/basicAuthorization';
import { patternChunk } from './testing/bigSaveChild';

// A 1 GiB save through the content service, in a child process whose memory is sampled from /proc every
// 50 ms: streaming keeps it flat (holding the file would cost a GiB). The file's 256 KiB chunks repeat, so
// the store keeps one leaf block and the test needs no GiB of disk for it; every byte still crosses the wire.

const GiB = 1024 * 1024 * 1024;
const MiB = 1024 * 1024;
const sandbox = sharedSandbox();
const CHILD = fileURLToPath(new URL('./testing/bigSaveChild.ts', import.meta.url));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-big-save-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it('saves 1 GiB with flat memory, byte for byte', async () => {
  const target = path.join(dir, 'big.bin');
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', CHILD], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(JSON.stringify({ storageUrl: sandbox.info.storageUrl, authorization: basicAuthorization(sandbox.info.key, sandbox.info.secret), target, sizeBytes: GiB }));
  const lines = readline.createInterface({ input: child.stdout });
  let baseline = 0;
  let sampler: ReturnType<typeof sampleMemory> | undefined;
  let done: { bytes: number; ms: number } | undefined;
  for await (const line of lines) {
    const event = JSON.parse(line) as { phase: string; bytes: number; ms: number };
    if (event.phase === 'saving') {
      baseline = residentBytes(child.pid!)!;
      sampler = sampleMemory(child.pid!);
    } else if (event.phase === 'saved') {
      done = event;
      break;
    }
  }
  const peak = sampler?.stop() ?? 0;
  expect(done, stderr).toBeDefined();
  expect(done!.bytes).toBe(GiB);
  console.info(`save 1 GiB: ${(done!.ms / 1000).toFixed(1)} s, RSS ${(baseline / MiB).toFixed(0)} MB -> peak ${(peak / MiB).toFixed(0)} MB`);
  // Holding the file would add a GiB; streaming adds what is in flight plus GC slack.
  expect(peak - baseline).toBeLessThan(100 * MiB);

  const expected = createHash('sha256');
  const chunk = patternChunk();
  for (let offset = 0; offset < GiB; offset += chunk.length) expected.update(chunk);
  const actual = createHash('sha256');
  for await (const part of fs.createReadStream(target)) actual.update(part as Buffer);
  expect(actual.digest('hex')).toBe(expected.digest('hex'));
  expect(fs.statSync(target).size).toBe(GiB);
  expect(fs.readdirSync(dir)).toEqual(['big.bin']);
}, 240_000);
