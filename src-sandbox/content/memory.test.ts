import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seededBytes } from './demo/seededBytes';
import { residentBytes, sampleMemory } from '../../test-support/processMemory';
import { slowCat } from './testing/slowCat';
import { TEST_AUTHORIZATION } from './testing/startTestStore';
import { startStoreProcess, type StoreProcess } from './testing/startStoreProcess';
import { uploadFile } from './testing/uploadFile';

// Memory of the serving process (a child, sampled from /proc every 50 ms) while a 256 MiB file goes in
// and then out to a reader four times slower than the disk. Holding the file, or reading ahead of the
// reader, would cost hundreds of MB; streaming costs a bounded amount (mostly garbage awaiting V8's GC).

const MiB = 1024 * 1024;
const SIZE = 256 * MiB;
let child: StoreProcess;
let cid: string;

beforeAll(async () => {
  child = await startStoreProcess();
});
afterAll(() => child.stop());

it('uploads 256 MiB without holding it', async () => {
  const baseline = residentBytes(child.pid)!;
  const sampler = sampleMemory(child.pid);
  const lines = await uploadFile(child.origin, TEST_AUTHORIZATION, 'big.bin', seededBytes(7, SIZE));
  const peak = sampler.stop();
  cid = String(lines.at(-1)?.Hash);
  expect(lines.at(-1)).toMatchObject({ Name: 'big.bin', Size: '268499314' });
  console.info(`add 256 MiB: RSS ${mb(baseline)} -> peak ${mb(peak)} MB`);
  // Holding the upload would add at least its 256 MiB; streaming adds a few blocks in flight plus GC
  // slack (V8 collects Buffers in ~64 MB steps).
  expect(peak - baseline).toBeLessThan(128 * MiB);
}, 90_000);

it('streams 256 MiB to a slow reader with flat memory', async () => {
  const before = residentBytes(child.pid)!;
  const sampler = sampleMemory(child.pid);
  const got = await slowCat(child.origin, TEST_AUTHORIZATION, cid, 64 * MiB);
  const peak = sampler.stop();
  const expected = crypto.createHash('sha256');
  for (const chunk of seededBytes(7, SIZE)) expected.update(chunk);
  expect(got.bytes).toBe(SIZE);
  expect(got.sha256).toBe(expected.digest('hex'));
  console.info(`slow cat 256 MiB at 64 MiB/s: RSS ${mb(before)} -> peak ${mb(peak)} MB`);
  // Unbounded read-ahead would buffer what the disk reads faster than the reader takes (~200 MB here).
  expect(peak - before).toBeLessThan(64 * MiB);
}, 90_000);

const mb = (bytes: number) => (bytes / MiB).toFixed(0);
