import path from 'node:path';
import { pipeline, Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { CommandHandler } from '../commandContext';
import { parseContentPath, resolveContentPath } from '../contentPath';
import { CommandError } from '../errors';
import { openUnixfsEntry, type UnixfsEntry } from '../unixfsEntry';
import { packUnixfs, type UnixfsArchive } from '../unixfsTar';
import { ClientGoneError } from '../wire';

/**
 * `get`: a file or folder as a tar stream (Kubo uses tar as its transport even without `archive`), entries
 * named from the path's last segment (the CID for a bare CID). `compress=true` gzips it (`compression-level`
 * 1-9); with `archive=false` that is the gzipped file itself, no tar (Kubo refuses it for a folder). Sent as
 * a byte stream, `X-Content-Length` being Kubo's size of the root (a folder's cumulative DAG size); `output`
 * and `progress` only matter to Kubo's own command line.
 */
export const runGet: CommandHandler = async ({ blocks }, { query, reply }) => {
  const arg = query.singleArg('ipfs-path');
  const archive = query.bool(['archive', 'a'], false);
  const compress = query.bool(['compress', 'C'], false);
  const levelGiven = query.has(['compression-level', 'l']);
  const level = query.int(['compression-level', 'l'], zlib.constants.Z_DEFAULT_COMPRESSION);
  // Kubo's command line reads `progress` (and `output`); parsed only so that a malformed value is a 400.
  query.bool(['progress', 'p'], true);
  if (compress && levelGiven && (level < 1 || level > 9)) throw new CommandError('compression level must be between 1 and 9');

  const root = await openUnixfsEntry(blocks, await resolveContentPath(blocks, parseContentPath(arg)));
  let tar: UnixfsArchive | undefined;
  let source: AsyncIterable<Uint8Array>;
  if (compress && !archive) {
    source = plainBytes(root);
  } else {
    tar = packUnixfs(blocks, root, rootName(arg));
    // The archive yields what the writer pushed: headers, padding and file chunks, all bytes.
    source = tar.archive as AsyncIterable<Uint8Array>;
  }
  const output: AsyncIterable<Uint8Array> = compress ? gzip(source, level) : source;

  reply.startBytes(root.size);
  try {
    for await (const chunk of output) await reply.writeBytes(chunk);
    await tar?.written;
  } catch (error) {
    // Stop the writer (it may be waiting for the archive to drain), then prefer its reason: the archive's
    // reader only sees that it was destroyed, the writer knows why (a missing block, …).
    tar?.archive.destroy();
    const writerFailure: unknown = await tar?.written.then(
      () => undefined,
      (failure: unknown) => failure,
    );
    throw writerFailure !== undefined && !(writerFailure instanceof ClientGoneError) ? writerFailure : error;
  } finally {
    if (output instanceof Readable) output.destroy();
    tar?.archive.destroy();
  }
  reply.end();
};

/** The bytes gzipped without tar: a file's (or a symlink's target), never a folder's. */
function plainBytes(root: UnixfsEntry): AsyncIterable<Uint8Array> {
  if (root.kind === 'directory') throw new CommandError('file is not regular');
  if (root.kind === 'symlink') return Readable.from([Buffer.from(root.target)]);
  return root.file.read(0, root.size);
}

function gzip(source: AsyncIterable<Uint8Array>, level: number): Readable {
  const compressor = zlib.createGzip({ level });
  // A source failure destroys the compressor with it, which is what its reader then sees.
  pipeline(Readable.from(source), compressor, () => undefined);
  return compressor;
}

/** Kubo names the root entry after the cleaned path's last segment: `/ipfs/<cid>/a/b/` gives `b`. */
function rootName(arg: string): string {
  return path.posix.basename(path.posix.normalize(arg.startsWith('/') ? arg : `/ipfs/${arg}`));
}
