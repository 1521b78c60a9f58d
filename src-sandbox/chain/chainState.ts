import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { dropTraces } from './dropTraces';
import { filterDumpArrays } from './filterDumpArrays';
import { blockFilters } from './keepBlocks';
import { keepHistory } from './keepHistory';
import type { SeedManifest } from './manifest';

/**
 * Where a sandbox keeps its chain: the seed's snapshot (`anvil-state.gz`, as anvil_dumpState returns it, no
 * historical states), the seeded chain with its blocks' states (`seeded-state.json`, what the seeded node loads),
 * the live snapshot with the latest blocks' states (`anvil-state.json`, what the live node loads at a restart),
 * the live node's own dump (`anvil-dump.json`: written by Anvil every minute and when it stops, turned into
 * the live snapshot), and the seed manifest.
 */
export function chainPaths(dataDir: string) {
  const dir = path.join(dataDir, 'chain');
  return {
    dir,
    state: path.join(dir, 'anvil-state.gz'),
    live: path.join(dir, 'anvil-state.json'),
    /** The seeded chain with every seeded block's state, written once at seed: what the seeded node loads (never changed after). */
    seeded: path.join(dir, 'seeded-state.json'),
    dump: path.join(dir, 'anvil-dump.json'),
    /** A dump that was not a whole JSON text, set aside at a start; removed once a later dump is kept whole. */
    damaged: path.join(dir, 'anvil-dump.json.damaged'),
    manifest: path.join(dir, 'manifest.json'),
    /** The sandbox contracts' Solidity metadata and sources (see `compiledContractMetadata`), written at seed. */
    contractMetadata: path.join(dir, 'contract-metadata.json'),
  };
}

/** Reads a saved chain's manifest; undefined when there is none or it is incomplete (a seed that never finished). */
export function readSavedChain(dataDir: string): { statePath: string; manifest: SeedManifest } | undefined {
  const paths = chainPaths(dataDir);
  if (!fs.existsSync(paths.manifest) || !(fs.existsSync(paths.state) || fs.existsSync(paths.live))) return undefined;
  const manifest = JSON.parse(fs.readFileSync(paths.manifest, 'utf8')) as SeedManifest;
  return { statePath: paths.state, manifest };
}

/**
 * The file `--load-state` should read: Anvil's own dump when one is left over (Anvil stopped without the
 * sandbox turning it into the live snapshot: after a `kill -9` of the sandbox its guard still stops Anvil,
 * which dumps), else the live snapshot, else the seed's snapshot unpacked. A torn dump is set aside, and
 * the live snapshot it would have replaced is used: what was saved last survives.
 */
export async function stateFileToLoad(dataDir: string, log: (line: string) => void): Promise<string | undefined> {
  const paths = chainPaths(dataDir);
  if (fs.existsSync(paths.dump)) {
    try {
      await keepDump(dataDir);
    } catch (error) {
      log(`the chain's last dump is damaged and was set aside (${(error as Error).message}); the chain as saved before it is restored`);
      fs.renameSync(paths.dump, paths.damaged);
    }
  }
  if (fs.existsSync(paths.live)) return paths.live;
  if (fs.existsSync(paths.state)) return loadStateFile(dataDir, paths.state);
  return undefined;
}

/** What a dump turned into the live snapshot keeps: the blocks this accepts (default: all). */
export interface KeptFromDump {
  /** Blocks (with their transactions) by number: the live node's history window (see keepBlocks.ts). */
  block?: (blockNumber: number) => boolean;
}

/**
 * Turns Anvil's dump into the live snapshot: call traces dropped (see dropTraces.ts), blocks kept as `keep` says
 * (see keepBlocks.ts); written beside it and renamed into place, then
 * the dump removed, and with it a damaged dump set aside before. Throws, leaving the live snapshot (and a
 * damaged dump) as they were, when the dump is not a whole JSON text.
 */
export async function keepDump(dataDir: string, keep: KeptFromDump = {}): Promise<void> {
  const paths = chainPaths(dataDir);
  const temporary = `${paths.live}.${process.pid}.tmp`;
  // With no block filter it still reads the dump through: a torn one (Anvil killed as it wrote) is refused.
  const filter = filterDumpArrays(keep.block ? blockFilters(keep.block) : {});
  try {
    await pipeline(fs.createReadStream(paths.dump), dropTraces(), filter, fs.createWriteStream(temporary));
    fs.renameSync(temporary, paths.live);
    fs.rmSync(paths.dump, { force: true });
    // A dump set aside as damaged is of no use once a later one is kept whole, and it is as large as the chain.
    fs.rmSync(paths.damaged, { force: true });
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}

/**
 * Saves a seed from the dump Anvil wrote as it stopped, in one pass: call traces dropped (see dropTraces.ts), the
 * whole (every seeded block's state) as the seeded node's snapshot, and the same without historical states as the
 * live snapshot (the live node reads no old state: the gateway sends reads at seeded blocks to the seeded node). So
 * the live node, which the first live head waits for, loads the chain without its 80-odd MB of old states.
 */
export async function keepSeed(dataDir: string): Promise<void> {
  const paths = chainPaths(dataDir);
  const seeded = `${paths.seeded}.${process.pid}.tmp`;
  const live = `${paths.live}.${process.pid}.tmp`;
  try {
    const source = dropTraces();
    source.setMaxListeners(16); // read by two pipelines at once
    await Promise.all([
      pipeline(fs.createReadStream(paths.dump), source),
      pipeline(source, fs.createWriteStream(seeded)),
      pipeline(source, keepHistory(() => false), fs.createWriteStream(live)),
    ]);
    fs.renameSync(seeded, paths.seeded);
    fs.renameSync(live, paths.live);
    fs.rmSync(paths.dump, { force: true });
  } catch (error) {
    fs.rmSync(seeded, { force: true });
    fs.rmSync(live, { force: true });
    throw error;
  }
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
 * The saved snapshot as the JSON file Anvil's `--load-state` reads, made once per snapshot and kept beside
 * it as `anvil-state.<hash>.json` (the hash is the gzip file's): a restart then skips the 0.3 s of
 * unpacking it. Transactions' call traces are left out (see dropTraces.ts). Any other unpacked snapshot in the folder is stale and removed.
 * (Restoring through `anvil_loadState` over HTTP fails: Anvil refuses request bodies over 2 MiB, and a
 * seeded chain's snapshot is larger.)
 */
export async function loadStateFile(dataDir: string, statePath: string): Promise<string> {
  const compressed = fs.readFileSync(statePath);
  const file = unpackedPath(dataDir, compressed);
  if (fs.existsSync(file)) return file;
  try {
    await writeUnpacked(compressed, file);
  } catch (error) {
    throw new Error(`the saved chain ${statePath} cannot be read (${(error as Error).message}); start with --fresh to seed a new one`, { cause: error });
  }
  return file;
}

function unpackedPath(dataDir: string, compressed: Buffer): string {
  const hash = crypto.createHash('sha256').update(compressed).digest('hex').slice(0, 16);
  return path.join(chainPaths(dataDir).dir, `anvil-state.${hash}.json`);
}

/**
 * Streams the gzip through (60 MB of JSON need never be in memory at once) without the call traces Anvil
 * saves (see dropTraces.ts: half the load time), then renames it into place.
 */
async function writeUnpacked(compressed: Buffer, file: string): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    await pipeline(Readable.from([compressed]), zlib.createGunzip(), dropTraces(), fs.createWriteStream(temporary));
    fs.renameSync(temporary, file);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
  const dir = path.dirname(file);
  for (const name of fs.readdirSync(dir)) {
    if (/^anvil-state\.[0-9a-f]{16}\.json$/.test(name) && name !== path.basename(file)) fs.rmSync(path.join(dir, name), { force: true });
  }
}

/** Writes the snapshot atomically (temp file, fsync, rename) so a crash mid-write never leaves a torn state. */
export function writeStateFile(dataDir: string, state: Buffer): void {
  writeAtomic(chainPaths(dataDir).state, state);
}

/** Writes the manifest atomically; written last, it marks a seed as complete. */
/** Saves the contracts' metadata beside the chain (before the manifest, which marks a finished seed). */
export function writeContractMetadataFile(dataDir: string, metadata: unknown): void {
  writeAtomic(chainPaths(dataDir).contractMetadata, Buffer.from(JSON.stringify(metadata)));
}

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
