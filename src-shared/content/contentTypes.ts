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
