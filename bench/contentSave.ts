import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { bundleNodeEntry } from '../scripts/build.mjs';
import { seededBytes } from '../src-sandbox/content/demo/seededBytes';
import { uploadFile } from '../src-sandbox/content/testing/uploadFile';
import { residentBytes, sampleMemory } from '../test-support/processMemory';
import { catWithCurl, readFileFully, timed } from './content';
import { formatRatio, ratioOf, verdict, type Figure, type SectionResult } from './report';

// The content browser's save (issue 13): the app's streamed save of a file from the store to disk, through
// the content service in a process of its own (main's part; Electron writes the file the same way), beside
// curl saving the same answer to disk and reading the same file from disk, in this run. Peak memory of that
// process while it saves.

const MB = 1_000_000;
const SEED = 0xbe7c_0013;
const CURL_TARGET = 1.2;
const MEMORY_TARGET_MB = 200;
const section = 'Content browser: save';
/** The saving process, bundled like main's code is (plain node, no TypeScript loader in its memory). */
const CHILD = path.resolve('.cache', 'bench', 'bigSaveChild.mjs');

/** The app's save against curl and the disk, and its memory: figures (targets: within 1.2x of curl, under 200 MB) and printable lines. */
export async function benchContentSave(options: { storageUrl: string; key: string; secret: string; quick: boolean }): Promise<SectionResult> {
  const size = (options.quick ? 64 : 256) * 1024 * 1024;
  const origin = options.storageUrl.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${options.key}:${options.secret}`).toString('base64')}`;
  await bundleNodeEntry('src-main/services/content/testing/bigSaveChild.ts', CHILD);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-save-bench-'));
  const lines: string[] = [];
  try {
    const source = path.join(folder, 'source.bin');
    await pipeline(seededBytes(SEED, size), fs.createWriteStream(source));
    const added = await uploadFile(origin, authorization, 'source.bin', fs.createReadStream(source, { highWaterMark: 1024 * 1024 }), 'pin=false');
    const cid = String(added.at(-1)?.Hash ?? '');
    lines.push(`file: ${(size / 1024 / 1024).toFixed(0)} MiB of seeded pseudo-random bytes, CID ${cid}; each figure the best of ${ROUNDS}`);

    const disk: number[] = [];
    const curl: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      disk.push((await timed(() => readFileFully(source))).seconds);
      const curlTarget = path.join(folder, 'curl.bin');
      execFileSync('sync'); // each round starts with nothing left to write back (the app's rounds do the same)
      const curled = await catWithCurl(origin, options.key, options.secret, cid, curlTarget);
      if (!curled) {
        // Without curl there is no reference: the target shows as not measured (so not met).
        const figures: Figure[] = [
          { section, what: "the app's save, store to disk (curl not installed: not measured)", value: Number.NaN, unit: 's', reference: { what: 'curl, store to disk', value: Number.NaN }, target: { kind: 'ratioAtMost', limit: CURL_TARGET } },
          { section, what: 'peak memory (RSS) of the saving process (not measured)', value: Number.NaN, unit: 'MB', target: { kind: 'below', limit: MEMORY_TARGET_MB } },
        ];
        return { figures, lines: [...lines, 'skipped: curl is not installed'] };
      }
      if (curled.bytes !== size) throw new Error(`curl saved ${curled.bytes} bytes instead of ${size}`);
      curl.push(curled.seconds);
      fs.rmSync(curlTarget);
    }
    // The app's saves run in one process, one after another, as in a main process that has been running a while.
    const app = await appSaves(origin, authorization, cid, path.join(folder, 'app.bin'), size);
    const best = (values: number[]) => Math.min(...values);
    const rate = (seconds: number) => (size / MB / seconds).toFixed(0);
    const appBest = best(app.seconds);
    const curlBest = best(curl);
    const { peak, baseline } = app;
    const mib = (size / 1024 / 1024).toFixed(0);
    const versusCurl: Figure = { section, what: `the app's save (content service), ${mib} MiB store to disk, best of ${ROUNDS}`, value: appBest, unit: 's', digits: 3, reference: { what: `curl, store to disk, best of ${ROUNDS}`, value: curlBest }, target: { kind: 'ratioAtMost', limit: CURL_TARGET } };
    const versusDisk: Figure = { section, what: "the app's save, best", value: appBest, unit: 's', digits: 3, reference: { what: `reading the file from disk (page cache, Node), best of ${ROUNDS}`, value: best(disk) } };
    const firstSave: Figure = { section, what: "the app's first save in its process", value: app.seconds[0]!, unit: 's', digits: 3, reference: { what: `curl, store to disk, best of ${ROUNDS}`, value: curlBest } };
    const memory: Figure = { section, what: 'peak memory (RSS) of the saving process', value: peak / MB, unit: 'MB', digits: 0, reference: { what: 'the same process at rest before the save', value: baseline / MB }, target: { kind: 'below', limit: MEMORY_TARGET_MB } };
    lines.push(`read from disk (page cache, Node): ${best(disk).toFixed(3)} s (${rate(best(disk))} MB/s)`);
    lines.push(`curl, store to disk: ${curlBest.toFixed(3)} s (${rate(curlBest)} MB/s)`);
    lines.push(`app's save (content service), store to disk: ${appBest.toFixed(3)} s (${rate(appBest)} MB/s; first save ${app.seconds[0]!.toFixed(3)} s): ${formatRatio(ratioOf(versusCurl)!)} curl (${verdict(versusCurl)}); ${formatRatio(ratioOf(versusDisk)!)} the disk read`);
    lines.push(`peak memory of the saving process: ${(peak / MB).toFixed(0)} MB (at rest before the save ${(baseline / MB).toFixed(0)} MB; ${verdict(memory)})`);
    return { figures: [versusCurl, firstSave, versusDisk, memory], lines };
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

// Five rounds each: on this machine's disk a round varies by 30% and more; the best of five is steadier than of three.
const ROUNDS = 5;

/** Saves `cid` to `target` ROUNDS times through the content service in a child process; its own timings, and its RSS sampled. */
async function appSaves(storageUrl: string, authorization: string, cid: string, target: string, size: number): Promise<{ seconds: number[]; peak: number; baseline: number }> {
  const child = spawn(process.execPath, ['--expose-gc', CHILD], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.end(JSON.stringify({ storageUrl, authorization, target, sizeBytes: size, cid, repeat: ROUNDS }));
  let sampler: ReturnType<typeof sampleMemory> | undefined;
  let baseline = 0;
  const seconds: number[] = [];
  for await (const line of readline.createInterface({ input: child.stdout })) {
    const event = JSON.parse(line) as { phase: string; bytes: number; ms: number };
    if (event.phase === 'saving') {
      baseline = residentBytes(child.pid!) ?? 0;
      sampler = sampleMemory(child.pid!, 20);
    } else if (event.phase === 'saved') {
      if (event.bytes !== size) throw new Error(`the app saved ${event.bytes} bytes instead of ${size}`);
      seconds.push(event.ms / 1000);
    } else if (event.phase === 'done') {
      const peak = sampler?.stop() ?? 0;
      await new Promise((resolve) => child.once('exit', resolve));
      return { seconds, peak, baseline };
    }
  }
  throw new Error('the saving process ended without saying it was done');
}
