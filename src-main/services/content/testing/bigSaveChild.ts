// A child process for the memory test and the benchmark: adds `sizeBytes` of a repeating 256 KiB pattern to
// a content store through the content service, then saves it back to `target` through the same service,
// writing one JSON line per phase. Its settings come on stdin (they hold the store's credentials).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { contentServiceFor, storeNetwork } from './contentFixture';

interface Settings {
  storageUrl: string;
  authorization: string;
  target: string;
  sizeBytes: number;
  /** Skip the upload: save this CID. */
  cid?: string;
  /** Saves in a row, each reported (a long-running main is warm after the first); default 1. */
  repeat?: number;
}

/** The pattern every 256 KiB chunk of the file repeats (so the store keeps one leaf block, whatever the size). */
export function patternChunk(): Buffer {
  const chunk = Buffer.alloc(256 * 1024);
  for (let offset = 0; offset < chunk.length; offset += 32) createHash('sha256').update(`blockglass ${offset}`).digest().copy(chunk, offset);
  return chunk;
}

async function main(): Promise<void> {
  let input = '';
  for await (const part of process.stdin) input += String(part);
  const settings = JSON.parse(input) as Settings;
  const fixture = contentServiceFor({ store: storeNetwork('store', settings.storageUrl, settings.authorization) }, () => settings.target);
  const say = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);
  let cid = settings.cid;
  if (!cid) {
    const chunk = patternChunk();
    const block = Buffer.concat([chunk, chunk, chunk, chunk]);
    const { uploadId } = await fixture.service.addBegin('store', 'files', [{ path: 'big.bin', kind: 'file', size: settings.sizeBytes }], false);
    for (let sent = 0; sent < settings.sizeBytes; sent += block.length) await fixture.service.addChunk(uploadId, block.subarray(0, Math.min(block.length, settings.sizeBytes - sent)));
    cid = (await fixture.service.addFinish(uploadId)).root.cid;
  }
  global.gc?.();
  say({ phase: 'saving', cid });
  for (let run = 0; run < (settings.repeat ?? 1); run += 1) {
    // Nothing left to write back from before (the upload, the last round, the benchmark's earlier sections):
    // the kernel's write-back of earlier files otherwise lands in this round's time, as the benchmark's curl
    // rounds start clean too.
    execFileSync('sync');
    const started = process.hrtime.bigint();
    let bytes = 0;
    await fixture.service.save('store', cid, [], 'big.bin', 'file', (event) => {
      if (event.kind === 'done') bytes = event.bytes;
    }, new AbortController().signal);
    say({ phase: 'saved', bytes, ms: Number(process.hrtime.bigint() - started) / 1e6 });
    // Each save writes a new file, as curl's does in the benchmark (its file is removed between rounds): a save
    // over the file before is a replace-by-rename, which ext4 makes wait for the new data to reach the disk
    // (135-238 ms for 256 MiB here), a cost curl's reference never pays.
    if (run + 1 < (settings.repeat ?? 1)) fs.rmSync(settings.target, { force: true });
  }
  say({ phase: 'done' });
  fixture.close();
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
}
