import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type { SeedManifest } from './manifest';

/** Where a sandbox keeps its chain: Anvil's state snapshot (gzip, as anvil_dumpState returns it) and the seed manifest. */
export function chainPaths(dataDir: string) {
  const dir = path.join(dataDir, 'chain');
  return { dir, state: path.join(dir, 'anvil-state.gz'), manifest: path.join(dir, 'manifest.json') };
}

/** Reads a saved chain's manifest; undefined when there is none or it is incomplete (a seed that never finished). */
export function readSavedChain(dataDir: string): { statePath: string; manifest: SeedManifest } | undefined {
  const paths = chainPaths(dataDir);
  if (!fs.existsSync(paths.manifest) || !fs.existsSync(paths.state)) return undefined;
  const manifest = JSON.parse(fs.readFileSync(paths.manifest, 'utf8')) as SeedManifest;
  return { statePath: paths.state, manifest };
}

/** Removes the saved chain so the next start seeds anew. */
export function removeSavedChain(dataDir: string): void {
  fs.rmSync(chainPaths(dataDir).dir, { recursive: true, force: true });
}

/** Asks Anvil for a snapshot of its chain (blocks, transactions, receipts, state). */
export async function dumpAnvilState(rpcUrl: string): Promise<Buffer> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_dumpState', params: [] }),
    signal: AbortSignal.timeout(60_000),
  });
  const body = (await response.json()) as { result?: string; error?: { message: string } };
  if (typeof body.result !== 'string') throw new Error(`anvil_dumpState failed: ${body.error?.message ?? 'no result'}`);
  return Buffer.from(body.result.slice(2), 'hex');
}

/**
 * Writes a saved snapshot as the JSON file Anvil's `--load-state` reads, and returns its path.
 * (Restoring through `anvil_loadState` over HTTP fails: Anvil refuses request bodies over 2 MiB,
 * and a seeded chain's snapshot is larger.)
 */
export async function writeLoadStateFile(dataDir: string, statePath: string): Promise<string> {
  const file = path.join(chainPaths(dataDir).dir, `load-state.${process.pid}.json`);
  // Streamed: a seeded chain's snapshot is about 60 MB of JSON, which need never be in memory at once.
  try {
    await pipeline(fs.createReadStream(statePath), zlib.createGunzip(), fs.createWriteStream(file));
  } catch (error) {
    fs.rmSync(file, { force: true });
    throw new Error(`the saved chain ${statePath} cannot be read (${(error as Error).message}); start with --fresh to seed a new one`, { cause: error });
  }
  return file;
}

/** Writes the snapshot atomically (temp file, fsync, rename) so a crash mid-write never leaves a torn state. */
export function writeStateFile(dataDir: string, state: Buffer): void {
  writeAtomic(chainPaths(dataDir).state, state);
}

/** Writes the manifest atomically; written last, it marks a seed as complete. */
export function writeManifestFile(dataDir: string, manifest: SeedManifest): void {
  writeAtomic(chainPaths(dataDir).manifest, Buffer.from(JSON.stringify(manifest, null, 2)));
}

function writeAtomic(file: string, content: Buffer): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  const fd = fs.openSync(tmp, 'w');
  try {
    fs.writeSync(fd, content);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
}
