import * as dagPb from '@ipld/dag-pb';
import { UnixFS } from 'ipfs-unixfs';
import { importer, type ImportCandidate } from 'ipfs-unixfs-importer';
import { CID } from 'multiformats/cid';
import { sha256 } from 'multiformats/hashes/sha2';
import type { CommandHandler } from '../commandContext';
import { CommandError } from '../errors';
import { kuboImporterOptions } from '../kuboImporterOptions';
import { openMultipart, type MultipartPart } from '../multipartParts';
import { createWriteBehind } from '../writeBehind';
import { compareKuboDirectoryOrder } from './addOutputOrder';

/** Bytes between two progress lines of one file. */
const PROGRESS_STEP = 262_144;
/** Options that would change CIDs or storage in ways this store does not implement: refused, never ignored. */
const UNSUPPORTED_SWITCHES = ['inline', 'nocopy', 'fscache', 'preserve-mode', 'preserve-mtime'];
const UNSUPPORTED_VALUES = ['mode', 'mtime'];

interface AddLine {
  Name: string;
  Hash: string;
  Size: string;
}

/**
 * `add`: imports a multipart upload (files, directories, symlinks) with Kubo's CIDs, streaming each part
 * into the importer with back-pressure. Answers one NDJSON line per file as it completes, then the
 * directories (children before parents, by name, as Kubo), with `Size` the DAG's cumulative size as a
 * string; `progress=true` adds `{Name, Bytes}` lines. Pins each top-level root (or the wrapper) unless
 * `pin=false`; `only-hash` computes CIDs without writing a block.
 */
export const runAdd: CommandHandler = async ({ blocks, pins }, { req, query, reply }) => {
  query.requireJsonEncoding();
  const flags = {
    cidVersion: query.int(['cid-version'], 0),
    rawLeaves: query.has(['raw-leaves']) ? query.bool(['raw-leaves'], false) : undefined,
    chunker: query.string(['chunker', 's'], 'size-262144'),
    trickle: query.bool(['trickle', 't'], false),
    hash: query.string(['hash'], 'sha2-256'),
    wrapWithDirectory: query.bool(['wrap-with-directory', 'w'], false),
  };
  const pin = query.bool(['pin'], true);
  const onlyHash = query.bool(['only-hash', 'n'], false);
  const progress = query.bool(['progress', 'p'], false);
  const parts = openMultipart(req);
  for (const option of UNSUPPORTED_SWITCHES) {
    if (query.bool([option], false)) throw new CommandError(`option "${option}" is not supported by this store`);
  }
  for (const option of UNSUPPORTED_VALUES) {
    if (query.has([option])) throw new CommandError(`option "${option}" is not supported by this store`);
  }
  const options = kuboImporterOptions(flags);
  const report = progress ? (name: string, bytes: number) => reply.ndjson({ Name: name, Bytes: bytes }) : undefined;
  const writer = onlyHash ? undefined : createWriteBehind((cid, bytes) => blocks.put(cid, bytes));
  const store = writer ?? { put: async (cid: CID) => cid };

  const directories: AddLine[] = [];
  const roots: string[] = [];
  const explicitDirectories = new Set<string>();
  for await (const entry of importer(candidates(parts, report, explicitDirectories), store, options)) {
    const path = entry.path ?? '';
    const isDirectory = entry.unixfs?.isDirectory() === true;
    const hash = entry.cid.toString();
    // Kubo names an unnamed file by its CID; the wrapping directory keeps the empty name.
    const line: AddLine = { Name: path === '' && !isDirectory ? hash : path, Hash: hash, Size: String(entry.size) };
    if (flags.wrapWithDirectory ? path === '' : !path.includes('/')) roots.push(hash);
    if (isDirectory) directories.push(line);
    else reply.ndjson(line);
  }
  // The importer does not report an empty directory nested in the upload; Kubo lists every directory.
  const listed = new Set(directories.map((line) => line.Name));
  for (const path of explicitDirectories) {
    if (listed.has(path)) continue;
    const empty = await emptyDirectory(flags.cidVersion);
    directories.push({ Name: path, Hash: empty.cid, Size: String(empty.size) });
  }
  await writer?.flush();
  // Pins first: once a client has read the last line, `pin/ls` must already show them.
  if (pin && !onlyHash) await pins.add(roots, 'recursive');
  directories.sort((a, b) => compareKuboDirectoryOrder(a.Name, b.Name));
  for (const line of directories) reply.ndjson(line);
  reply.end();
};

/** The importer's view of the upload: each part as a candidate, file bodies streamed (and counted). */
async function* candidates(
  parts: AsyncIterable<MultipartPart>,
  report: ((name: string, bytes: number) => void) | undefined,
  directories: Set<string>,
): AsyncGenerator<ImportCandidate> {
  for await (const part of parts) {
    if (part.kind === 'directory') {
      if (part.path === '') continue;
      directories.add(part.path);
      yield { path: part.path };
    } else if (part.kind === 'symlink') {
      yield { path: part.path, link: part.target };
    } else {
      yield { path: part.path, content: report ? counted(part.content, part.path, report) : part.content };
    }
  }
}

/** The empty UnixFS directory (QmUNLL… in CIDv0) and its size. */
async function emptyDirectory(cidVersion: number): Promise<{ cid: string; size: number }> {
  const block = dagPb.encode({ Data: new UnixFS({ type: 'directory' }).marshal(), Links: [] });
  const digest = await sha256.digest(block);
  return { cid: (cidVersion === 0 ? CID.createV0(digest) : CID.createV1(dagPb.code, digest)).toString(), size: block.byteLength };
}

async function* counted(content: AsyncIterable<Uint8Array>, name: string, report: (name: string, bytes: number) => void): AsyncGenerator<Uint8Array> {
  let bytes = 0;
  let reported = -1;
  for await (const chunk of content) {
    bytes += chunk.byteLength;
    if (bytes - Math.max(reported, 0) >= PROGRESS_STEP) {
      report(name, bytes);
      reported = bytes;
    }
    yield chunk;
  }
  if (reported !== bytes) report(name, bytes);
}
