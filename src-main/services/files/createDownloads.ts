// SECURITY: a download's address is the only thing that lets a page fetch a file main wrote: it carries a
// random one-time ticket (128 bits), is served once, and expires within a minute. Do not make tickets
// guessable, reusable or long-lived.
import { randomBytes } from 'node:crypto';

/** A file for the person, produced on demand in chunks (never held whole in memory). */
export interface FileToSave {
  /** The name offered: letters, digits, dots, dashes and underscores only (it is part of the download's address). */
  name: string;
  /**
   * The name the person knows the file by, where a shell can offer any name (a save dialog's default, a download's
   * `filename*`): spaces, accents and other scripts kept. It must already be one safe path part (content names are
   * cleaned by placeName: no controls, bidi overrides or slashes); `name` is the fallback where it cannot be used.
   */
  displayName?: string;
  /** Its media type, `text/csv; charset=utf-8`. */
  type: string;
  /** Its bytes (or text, written as UTF-8), made as they are read. */
  chunks: () => AsyncIterable<string | Uint8Array>;
  /**
   * The chunks are LENT: each is valid only until the next is asked for, when its memory is read into again (a
   * large save reads the store's answer into a few recycled buffers). A consumer writes each one before asking
   * for the next, or copies it.
   */
  lent?: boolean;
}

/** What saving did: a download the page starts (web host), a file written (Electron), or nothing. */
export type SaveResult = { kind: 'download'; url: string } | { kind: 'saved'; path: string } | { kind: 'cancelled' };

/** How a shell lets the person save a file: a save dialog (Electron), or a one-time download (web host). */
export type SaveFile = (file: FileToSave) => Promise<SaveResult>;

/** Files offered for download by the web host, each fetched once. */
export interface Downloads {
  /** Offers a file; its address is `/downloads/<ticket>/<name>`, valid once, for `ttlMs`. */
  offer(file: FileToSave): string;
  /** The file at an address, if it is still offered; it is no longer offered after this. */
  take(pathname: string): FileToSave | undefined;
}

const DEFAULT_TTL_MS = 60_000;
const PATH = /^\/downloads\/([0-9a-f]{32})\/([\w.-]{1,120})$/;

/** A registry of one-time downloads (see the security note above). */
export function createDownloads(options: { ttlMs?: number; now?: () => number } = {}): Downloads {
  const ttl = options.ttlMs ?? DEFAULT_TTL_MS;
  const now = options.now ?? Date.now;
  const offered = new Map<string, { file: FileToSave; until: number }>();
  const sweep = () => {
    for (const [ticket, entry] of offered) if (entry.until < now()) offered.delete(ticket);
  };
  return {
    offer(file) {
      if (!/^[\w.-]{1,120}$/.test(file.name)) throw new Error(`a download's name must be plain: ${JSON.stringify(file.name.slice(0, 40))}`);
      sweep();
      const ticket = randomBytes(16).toString('hex');
      offered.set(ticket, { file, until: now() + ttl });
      return `/downloads/${ticket}/${file.name}`;
    },
    take(pathname) {
      sweep();
      const match = PATH.exec(pathname);
      if (!match) return undefined;
      const entry = offered.get(match[1]!);
      if (!entry || entry.file.name !== match[2]) return undefined;
      offered.delete(match[1]!);
      return entry.file;
    },
  };
}
