/** What a node of a content store is, as the browser shows it. */
export type ContentKind = 'directory' | 'file' | 'symlink' | 'other';

/** A resolved place: what is at `<cid>/<path>`. */
export interface ContentNode {
  /** The CID the path resolves to. */
  cid: string;
  /** The codec of that CID (dag-pb, raw, dag-cbor, …). */
  codec: string;
  kind: ContentKind;
  /** For files: the file's size in bytes; for directories: the sum of the links' sizes (cumulative, as stored). */
  size: number;
  /** For UnixFS nodes: `file`, `directory`, `hamt-sharded-directory`, `raw`, `symlink`, `metadata`. */
  unixfsType?: string;
  /** Links of the node itself (a multi-block file's chunks are links too; a HAMT's are its shards). */
  linkCount: number;
  /** How the node was read: the spec's `object/get`, or `dag/get` where the store no longer offers it. */
  readWith: 'object/get' | 'dag/get' | 'block/stat';
  /** Its pin in this store, when known: recursive, direct, indirect (under a pinned folder) or none. */
  pin: 'recursive' | 'direct' | 'indirect' | 'none' | 'unknown';
}

/** One entry of a folder, as `ls` names it. */
export interface ContentEntry {
  name: string;
  cid: string;
  /** File size in bytes; 0 for folders. */
  size: number;
  type: 'file' | 'directory' | 'symlink' | 'unknown';
}

/** Events of a folder listing: entries as they come, then the end. */
export type ContentListEvent = { kind: 'entries'; entries: ContentEntry[]; loaded: number } | { kind: 'done'; total: number };

/** What the preview shows of a file: its first bytes, read as the kind they look like. */
export interface ContentPreview {
  size: number;
  /** Bytes read for the preview (the whole file when `truncated` is false). */
  bytesRead: number;
  truncated: boolean;
  /** The media type detected from the first bytes (or the name), e.g. `image/png`, `text/plain`. */
  mime: string;
  kind: 'text' | 'json' | 'markdown' | 'image' | 'binary';
  /** For text kinds: the detected encoding (UTF-8, UTF-16LE, ISO-8859-1, …) and the decoded text. */
  encoding?: string;
  text?: string;
  /** The bytes read, in base64: all of them for images and binary, the first 16 KiB for text kinds (the hex view). */
  base64?: string;
}

/** A pin set of a store: the CIDs pinned recursively and directly. */
export interface ContentPins {
  recursive: string[];
  direct: string[];
  /** True when the store listed more than the app reads at once. */
  truncated: boolean;
}

/** A CID opened recently on a network (kept in SQLite). */
export interface RecentContent {
  cid: string;
  /** Path under the CID, '' for the root. */
  path: string;
  /** A name for it: the folder's or file's name when known. */
  name: string;
  kind: ContentKind | null;
  openedAt: number;
}

/** One entry of an upload: a file (with its size) or a folder, by its path inside the upload. */
export interface UploadEntry {
  path: string;
  kind: 'file' | 'directory';
  size: number;
}

/** What an upload made: every entry's CID, and the one to open. */
export interface UploadResult {
  root: { cid: string; name: string; kind: 'file' | 'directory' };
  entries: { name: string; cid: string; size: number }[];
}

/** Events of a save: where it goes, progress, and the end. */
export type ContentSaveEvent =
  | { kind: 'started'; name: string; total: number | null; to: 'file' | 'download'; url?: string }
  | { kind: 'progress'; bytes: number; total: number | null; /** While the store is gone: what the save does about it. */ waiting?: string }
  | { kind: 'done'; bytes: number; path?: string }
  | { kind: 'cancelled' };

/**
 * Where a content name comes from: given when it was added (`added`), a file's name inside a folder that was added
 * (`in-folder`), set by a person (`named`), the name a place was opened by (`opened`, the recent list), or a pin's name
 * kept by the store itself (`pin`, Kubo's `pin ls --names`).
 */
export type ContentNameSource = 'added' | 'in-folder' | 'named' | 'opened' | 'pin';

/** Content found by its name: where it is (a root CID and a path under it), what it is, and since when it goes by it. */
export interface ContentNameMatch {
  /** The CID of what the name names (a file's own inside a folder); null for a place opened under a root whose own CID was not kept. */
  cid: string | null;
  name: string;
  source: ContentNameSource;
  /** The root CID it is opened under, and the path under it ('' for the root itself). */
  rootCid: string;
  path: string;
  /** The name the root goes by, when one is known (so a file inside a folder opens under its folder's name). */
  rootName: string;
  kind: ContentKind | null;
  /** A file's size in bytes, a folder's bytes in files; null when not known here (a pin, a place opened by a link). */
  size: number | null;
  /** When it was added, named or opened (ms since the epoch); null for a pin's name. */
  at: number | null;
}

/** What a find by name answers: the matches (best first), what was searched, and words for no match. */
export interface ContentFindResult {
  text: string;
  matches: ContentNameMatch[];
  /** More matched than `matches` holds. */
  truncated: boolean;
  /** Names kept on this device for the network; the store's pins read (null when the store could not be read) and how many had a name. */
  searched: { names: number; pins: number | null; pinNames: number };
  /** When nothing matched: what was searched, in words. */
  none?: string;
}
