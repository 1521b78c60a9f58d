import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { seededBytes } from '../src-sandbox/content/demo/seededBytes';
import { sampleMemory } from '../test-support/processMemory';
import { uploadFile } from '../src-sandbox/content/testing/uploadFile';
import { verdict, type Figure, type Reference, type SectionResult } from './report';

// The content store's throughput and memory, each figure beside its reference: `cat` against reading
// the same file from disk (and, second, from the page cache), the server's peak RSS against the 200 MB
// target. Measured, never typed in.

const MB = 1_000_000;
const DEFAULT_SIZE = 256 * 1024 * 1024;
const SEED = 0xbe7c_0001;
const CURL_TARGET = 0.5;
const MEMORY_TARGET_MB = 200;
const section = 'Content store';

/** Options of one content-store benchmark run. */
export interface ContentBenchOptions {
  /** The store's base address (`http://host:port`, with or without `/api/v0`). */
  storageUrl: string;
  key: string;
  secret: string;
  /** Size of the test file; 256 MiB by default. */
  sizeBytes?: number;
  /** The serving process, to sample its RSS from /proc during add and cat. */
  serverPid?: number;
}

/**
 * Measures disk read (the floor), `add`, and `cat` with a Node client and with curl, plus the server's peak
 * RSS when its pid is given. Returns its figures and printable lines; prints nothing.
 */
export async function benchContentStore(options: ContentBenchOptions): Promise<SectionResult> {
  const size = options.sizeBytes ?? DEFAULT_SIZE;
  const origin = options.storageUrl.replace(/\/+$/, '').replace(/\/api\/v0$/, '');
  const authorization = `Basic ${Buffer.from(`${options.key}:${options.secret}`).toString('base64')}`;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-content-bench-'));
  const file = path.join(folder, 'bench.bin');
  const lines: string[] = [];
  const figures: Figure[] = [];
  try {
    await pipeline(seededBytes(SEED, size), fs.createWriteStream(file));
    lines.push(`file: ${fmt(size / MB, 1)} MB of seeded pseudo-random bytes`);
    // The floor is the disk itself: the file read with O_DIRECT, past the page cache (best of three).
    // Reading it through the page cache is printed too, with cat's share of it, as a second reference.
    const cachedRate = size / MB / Math.min(...(await repeat(3, async () => (await timed(() => readFileFully(file))).seconds)));
    const directRates = await repeat(3, () => readDirect(file));
    const directRate = directRates.includes(undefined) ? undefined : Math.max(...(directRates as number[]));
    const diskRate = directRate ?? cachedRate;
    const disk: Reference = { what: directRate === undefined ? 'page-cache read (O_DIRECT refused here), best of 3' : 'disk read (dd O_DIRECT, past the page cache), best of 3', value: diskRate };
    const pageCache: Reference = { what: 'page-cache read (Node, 1 MiB chunks), best of 3', value: cachedRate };
    if (directRate === undefined) lines.push(`disk read (O_DIRECT): not possible on this file system; the floor is the page-cache read`);
    else lines.push(`disk read (floor: O_DIRECT with dd, past the page cache, best of 3): ${fmt(directRate)} MB/s`);
    lines.push(`page-cache read (Node, 1 MiB chunks, best of 3): ${fmt(cachedRate)} MB/s`);

    const addMemory = options.serverPid === undefined ? undefined : sampleMemory(options.serverPid);
    const added = await timed(() => uploadFile(origin, authorization, 'bench.bin', fs.createReadStream(file, { highWaterMark: 1024 * 1024 }), 'pin=false'));
    const addPeak = addMemory?.stop();
    const cid = String(added.value.at(-1)?.Hash ?? '');
    if (!cid.startsWith('Qm')) throw new Error(`add did not answer a CID: ${JSON.stringify(added.value.at(-1))}`);
    lines.push(`add: ${fmt(size / MB / added.seconds)} MB/s (${fmt(added.seconds)} s), CID ${cid}`);
    figures.push({ section, what: `add, ${fmt(size / MB, 0)} MB file`, value: size / MB / added.seconds, unit: 'MB/s', reference: disk });

    const catMemory = options.serverPid === undefined ? undefined : sampleMemory(options.serverPid);
    const cat = await timed(() => catWithNode(origin, authorization, cid));
    const catPeak = catMemory?.stop();
    if (cat.value !== size) throw new Error(`cat returned ${cat.value} bytes instead of ${size}`);
    // Node's http client, in this busy process, reads slower than the store serves (curl below reads the same
    // answer two to three times faster): its line is a reference, and the target is judged on curl's.
    const nodeRate = size / MB / cat.seconds;
    figures.push({ section, what: 'cat, Node http client (the client is the limit)', value: nodeRate, unit: 'MB/s', reference: disk });
    lines.push(`cat (Node http client, a reference: the client is the limit): ${fmt(nodeRate)} MB/s = ${fmt((nodeRate / diskRate) * 100, 0)}% of disk read; ${fmt((nodeRate / cachedRate) * 100, 0)}% of the page-cache read`);

    const curl = await catWithCurl(origin, options.key, options.secret, cid);
    // Without curl, or with a short answer, the target is shown as not measured (and so not met).
    const curlRate = curl !== undefined && curl.bytes === size ? curl.bytes / MB / curl.seconds : Number.NaN;
    const curlWhat = curl === undefined ? 'cat, curl (not installed: not measured)' : curl.bytes !== size ? `cat, curl (returned ${curl.bytes} bytes instead of ${size})` : 'cat, curl';
    const curlFigure: Figure = { section, what: curlWhat, value: curlRate, unit: 'MB/s', reference: disk, target: { kind: 'ratioAtLeast', limit: CURL_TARGET } };
    figures.push(curlFigure, { section, what: 'cat, curl', value: curlRate, unit: 'MB/s', reference: pageCache });
    if (curl === undefined) lines.push('cat (curl): skipped, curl is not installed');
    else if (curl.bytes !== size) lines.push(`cat (curl): returned ${curl.bytes} bytes instead of ${size}`);
    else lines.push(`cat (curl): ${fmt(curlRate)} MB/s = ${fmt((curlRate / diskRate) * 100, 0)}% of disk read (${verdict(curlFigure)}); ${fmt((curlRate / cachedRate) * 100, 0)}% of the page-cache read`);

    const peak = addPeak === undefined || catPeak === undefined ? Number.NaN : Math.max(addPeak, catPeak) / MB;
    const memory: Figure = { section, what: 'server peak RSS during add and cat', value: peak, unit: 'MB', digits: 0, target: { kind: 'below', limit: MEMORY_TARGET_MB } };
    figures.push(memory);
    if (addPeak === undefined || catPeak === undefined) lines.push('server memory: not sampled (no serverPid given)');
    else lines.push(`server peak RSS: ${fmt(addPeak / MB, 0)} MB during add, ${fmt(catPeak / MB, 0)} MB during cat (${verdict(memory)})`);
    return { figures, lines };
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

async function repeat<T>(times: number, work: () => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let i = 0; i < times; i++) results.push(await work());
  return results;
}

/** MB/s of `dd iflag=direct` reading the file (its own timing); undefined where O_DIRECT is refused (tmpfs). */
function readDirect(file: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const child = spawn('dd', [`if=${file}`, 'of=/dev/null', 'bs=4M', 'iflag=direct'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => {
      // "268435456 bytes (268 MB, 256 MiB) copied, 0.378199 s, 710 MB/s"
      const match = /^(\d+) bytes .* copied, ([\d.]+) s/m.exec(output);
      resolve(code === 0 && match ? Number(match[1]) / MB / Number(match[2]) : undefined);
    });
  });
}

export async function timed<T>(work: () => Promise<T>): Promise<{ value: T; seconds: number }> {
  const started = performance.now();
  const value = await work();
  return { value, seconds: (performance.now() - started) / 1000 };
}

export async function readFileFully(file: string): Promise<number> {
  let bytes = 0;
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1024 * 1024 })) bytes += (chunk as Buffer).byteLength;
  return bytes;
}

function catWithNode(origin: string, authorization: string, cid: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${origin}/api/v0/cat?arg=${cid}`, { method: 'POST', headers: { authorization } }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`cat answered ${response.statusCode}`));
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.byteLength));
      response.on('end', () => resolve(bytes));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

/** curl's own timing of a `cat` (to `output`, /dev/null by default); credentials go in through a config on stdin, never on its command line. */
export async function catWithCurl(origin: string, key: string, secret: string, cid: string, output = '/dev/null'): Promise<{ bytes: number; seconds: number } | undefined> {
  const args = ['-s', '-K', '-', '-X', 'POST', '-o', output, '-w', '%{size_download} %{time_total}', `${origin}/api/v0/cat?arg=${cid}`];
  return new Promise((resolve, reject) => {
    const child = spawn('curl', args, { stdio: ['pipe', 'pipe', 'inherit'] });
    let written = '';
    child.stdout.on('data', (chunk: Buffer) => (written += chunk.toString('utf8')));
    child.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? resolve(undefined) : reject(error)));
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`curl exited with code ${code}`));
      const [bytes, seconds] = written.trim().split(' ').map(Number);
      resolve({ bytes: bytes ?? 0, seconds: seconds ?? 0 });
    });
    child.stdin.end(`user = "${key}:${secret}"\n`);
  });
}

const fmt = (value: number, digits = 1) => value.toFixed(digits);
