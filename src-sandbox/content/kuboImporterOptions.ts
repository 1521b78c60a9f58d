import type { ImporterOptions } from 'ipfs-unixfs-importer';
import { fixedSize } from 'ipfs-unixfs-importer/chunker';
import { balanced, trickle } from 'ipfs-unixfs-importer/layout';
import { CommandError } from './errors';
import { leanBufferImporter } from './leanBufferImporter';

/** Kubo's defaults: 256 KiB chunks, 174 links per node, HAMT directories above 256 KiB of link estimate. */
export const KUBO_CHUNK_SIZE = 262_144;
export const KUBO_MAX_LINKS = 174;
export const KUBO_SHARD_THRESHOLD_BYTES = 262_144;
const KUBO_MAX_CHUNK_SIZE = 1_048_576;
const TRICKLE_LAYER_REPEAT = 4;

/** The `add` flags that decide CIDs, after query parsing. `rawLeaves` undefined means "not given". */
export interface AddLayoutFlags {
  cidVersion: number;
  rawLeaves: boolean | undefined;
  chunker: string;
  trickle: boolean;
  hash: string;
  wrapWithDirectory: boolean;
  /** Test hook for Kubo's `Internal.UnixFSShardingSizeThreshold` (its sharness vectors use 1B and 1G). */
  shardThresholdBytes?: number;
}

/**
 * Importer options that give Kubo's CIDs for these flags. The importer's own defaults differ (CIDv1, raw
 * leaves, 1 MiB chunks in places), and its `profile` alone does not set chunker and layout, so every knob
 * is explicit. Flags this store cannot honour exactly throw rather than silently produce other CIDs.
 */
export function kuboImporterOptions(flags: AddLayoutFlags): ImporterOptions {
  if (flags.cidVersion !== 0 && flags.cidVersion !== 1) throw new CommandError(`unknown CID version: ${flags.cidVersion}`);
  if (flags.hash !== 'sha2-256') throw new CommandError(`hash function "${flags.hash}" is not supported by this store (only sha2-256)`);
  // Kubo: CIDv1 switches raw leaves on unless --raw-leaves was given explicitly.
  const rawLeaves = flags.rawLeaves ?? flags.cidVersion > 0;
  const options: ImporterOptions = {
    profile: 'unixfs-v0-2015',
    chunker: fixedSize({ chunkSize: chunkSizeOf(flags.chunker) }),
    layout: balanced({ maxChildrenPerNode: KUBO_MAX_LINKS }),
    cidVersion: flags.cidVersion,
    rawLeaves,
    // Kubo measures a directory by the sum of its links' name and CID bytes ("links-bytes") and shards above 256 KiB.
    shardSplitStrategy: 'links-bytes',
    shardSplitThresholdBytes: flags.shardThresholdBytes ?? KUBO_SHARD_THRESHOLD_BYTES,
    wrapWithDirectory: flags.wrapWithDirectory,
    // Files come one after another out of one multipart stream: importing them concurrently would deadlock it.
    fileImportConcurrency: 1,
    blockWriteConcurrency: 8,
  };
  let leafType: 'file' | 'raw' = 'file';
  if (flags.trickle) {
    // Kubo's trickle DAG always puts a root over the leaves and (without raw leaves) makes them UnixFS `raw` nodes.
    options.layout = trickle({ maxChildrenPerNode: KUBO_MAX_LINKS, layerRepeat: TRICKLE_LAYER_REPEAT });
    options.reduceSingleLeafToSelf = false;
    leafType = 'raw';
  }
  options.bufferImporter = leanBufferImporter({ cidVersion: flags.cidVersion, rawLeaves, leafType });
  return options;
}

/** Kubo's `--chunker` values this store supports: the fixed-size ones. */
function chunkSizeOf(chunker: string): number {
  if (chunker === '' || chunker === 'default') return KUBO_CHUNK_SIZE;
  const fixed = /^size-(\d+)$/.exec(chunker);
  if (fixed) {
    const size = Number(fixed[1]);
    if (size <= 0) throw new CommandError('chunker size must be greater than 0');
    if (size > KUBO_MAX_CHUNK_SIZE) throw new CommandError(`chunker parameters may not exceed the maximum chunk size of ${KUBO_MAX_CHUNK_SIZE}`);
    return size;
  }
  if (chunker.startsWith('rabin') || chunker.startsWith('buzhash')) {
    throw new CommandError(`chunker "${chunker}" is not supported by this store (only size-N)`);
  }
  throw new CommandError(`unrecognized chunker option: ${chunker}`);
}
