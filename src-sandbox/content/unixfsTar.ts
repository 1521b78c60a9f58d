import path from 'node:path';
import { pack, type Header, type Pack } from 'tar-stream';
import type { ContentBlocks } from './contentBlocks';
import { CommandError } from './errors';
import { openUnixfsEntry, type UnixfsEntry } from './unixfsEntry';
import { ClientGoneError, drainedOrGone } from './wire';

/** Boxo's `TarWriter` modes: it has no UnixFS modes to copy yet. */
const DIRECTORY_MODE = 0o777;
const FILE_MODE = 0o644;
const SYMLINK_MODE = 0o777;
/** Boxo's wording (its typo included) for an entry name that climbs out of the archive's root. */
const OUTSIDE_ROOT = 'relative UnixFS paths outside the root are now allowed, use CAR instead';

/** One entry's writable body (a streamx stream: same `write`/`drain` contract as Node's). */
type EntrySink = ReturnType<Pack['entry']>;

/** A tar archive being written, and how its writing ended. */
export interface UnixfsArchive {
  archive: Pack;
  /** Settles when the writer stops: rejects with the reason it failed (the archive is destroyed with it too). */
  written: Promise<void>;
}

/**
 * Writes a UnixFS tree as Kubo's `get` does (boxo's `TarWriter`): the root under `name`, then each directory's
 * entries depth-first in link order under `<dir>/<name>`; files, directories and symlinks, with boxo's modes
 * and the current time to the second. File bytes are pulled block by block only as the archive is read, so a
 * slow reader holds a few blocks, never a whole file.
 */
export function packUnixfs(blocks: ContentBlocks, root: UnixfsEntry, name: string): UnixfsArchive {
  const archive = pack();
  const mtime = new Date(Math.floor(Date.now() / 1000) * 1000);
  const written = (async () => {
    await writeEntry({ archive, blocks, mtime, base: name }, root, name);
    archive.finalize();
  })();
  written.catch((error: unknown) => archive.destroy(error instanceof Error ? error : new Error(String(error))));
  return { archive, written };
}

interface TarContext {
  archive: Pack;
  blocks: ContentBlocks;
  mtime: Date;
  /** The root's name: every entry's path must start with it (boxo's `validateTarFilePath`). */
  base: string;
}

async function writeEntry(context: TarContext, entry: UnixfsEntry, entryPath: string): Promise<void> {
  const cleaned = path.posix.normalize(entryPath);
  if (!cleaned.startsWith(context.base) || cleaned.startsWith('..')) throw new CommandError(OUTSIDE_ROOT);
  switch (entry.kind) {
    case 'symlink':
      await addEntry(context.archive, { name: entryPath, type: 'symlink', linkname: entry.target, mode: SYMLINK_MODE, mtime: new Date(0) });
      return;
    case 'directory':
      await addEntry(context.archive, { name: entryPath, type: 'directory', mode: DIRECTORY_MODE, mtime: context.mtime });
      for await (const child of entry.entries()) {
        const opened = await openUnixfsEntry(context.blocks, child.cid);
        await writeEntry(context, opened, path.posix.join(entryPath, child.name));
      }
      return;
    case 'file':
      await addEntry(context.archive, { name: entryPath, type: 'file', size: entry.size, mode: FILE_MODE, mtime: context.mtime }, entry.file.read(0, entry.size));
  }
}

/** Adds one entry (with its body, for files) and resolves once the archive has taken all of it. */
async function addEntry(archive: Pack, header: Partial<Header> & Pick<Header, 'name'>, body?: AsyncIterable<Uint8Array>): Promise<void> {
  if (archive.destroying) throw new ClientGoneError();
  let sink!: EntrySink;
  const done = new Promise<void>((resolve, reject) => {
    sink = archive.entry(header, (error) => (error ? reject(error) : resolve()));
  });
  // An abandoned archive rejects `done` on its own; that rejection is reported through the writer's own failure.
  done.catch(() => undefined);
  if (body !== undefined) {
    for await (const chunk of body) await writeWithBackPressure(sink, chunk);
    sink.end(undefined);
  }
  await done;
}

function writeWithBackPressure(sink: EntrySink, chunk: Uint8Array): Promise<void> {
  if (sink.destroying) return Promise.reject(new ClientGoneError());
  if (sink.write(chunk)) return Promise.resolve();
  return drainedOrGone(sink);
}
