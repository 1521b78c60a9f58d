import type { ContentEntry, ContentFindResult, ContentListEvent, ContentNode, ContentPins, ContentPreview, ContentSaveEvent, RecentContent, UploadEntry, UploadResult } from '../../../src-shared/content/contentTypes';
import type { ContentKind } from '../../../src-shared/content/contentTypes';
import type { SaveFile } from '../files/createDownloads';
import type { NetworkWithCredentials } from '../rpc/networkWithCredentials';
import type { Store } from '../store/openStore';
import { ContentError } from './contentErrors';
import { createContentUploads } from './contentUploads';
import { jsonAnswer, kuboCommand, ndjsonObjects, type StoreTarget } from './kuboCommand';
import { readNode } from './readNode';
import { createRecentContent } from './recentContent';
import { createContentNames } from './contentNames';
import { findByName, type PinNames } from './findContent';
import { readPinNames } from './readPinNames';
import { plainFileName, saveContent } from './saveContent';
import { placeName } from '../../../src-shared/content/placeName';

/** Options of {@link createContentService}. */
export interface ContentServiceOptions {
  resolve: (networkId: string) => Promise<NetworkWithCredentials>;
  store: Pick<Store, 'db' | 'transaction' | 'assertNoSecrets'>;
  saveFile: SaveFile;
  log: (line: string) => void;
}

/** Entries sent to the window at once while a folder is listed. */
const LIST_BATCH = 500;
/** Pins read at most, of each type. */
const PINS_MAX = 50_000;
const DEFAULT_PREVIEW_BYTES = 256 * 1024;
/** A folder listed with more entries than this keeps no names of them (a huge folder is filtered, not remembered). */
const LISTED_NAMES_MAX = 1_000;
/** How long the store's pin names, once read, answer a find before they are read again. */
const PIN_NAMES_FRESH_MS = 15_000;

/** The content browser's service: every call to a network's content store (Kubo RPC), with its credentials. */
export function createContentService(options: ContentServiceOptions) {
  const recent = createRecentContent(options.store);
  const uploads = createContentUploads(options.log);
  const names = createContentNames(options.store);
  // The store's pin names, read once for a run of keystrokes in the search box (a store may hold 50,000 pins).
  const pinNames = new Map<string, { at: number; read: Promise<PinNames | null> }>();

  const target = async (networkId: string): Promise<StoreTarget> => {
    const resolved = await options.resolve(networkId);
    if (!resolved.storageUrl) {
      throw new ContentError('NO_STORE', `${resolved.network.name} has no content store.`, { details: 'Add its content-store address in Settings → Networks, or choose Local.' });
    }
    return { storageUrl: resolved.storageUrl, authorization: resolved.authorization };
  };

  const pinOf = async (store: StoreTarget, cid: string, signal?: AbortSignal): Promise<ContentNode['pin']> => {
    try {
      const answer = await kuboCommand(store, 'pin/ls', [['arg', cid], ['type', 'all']], { signal, doing: 'read its pin' });
      const value = (await jsonAnswer(answer, 'read its pin')) as { Keys?: Record<string, { Type?: string }> };
      const type = Object.values(value.Keys ?? {})[0]?.Type ?? '';
      return type === 'recursive' || type === 'direct' ? type : type.startsWith('indirect') ? 'indirect' : 'none';
    } catch (error) {
      if (error instanceof ContentError && error.code === 'NOT_FOUND' && /not pinned/i.test(error.nodeSaid ?? '')) return 'none';
      return 'unknown';
    }
  };

  return {
    async resolve(networkId: string, cid: string, segments: readonly string[], signal?: AbortSignal): Promise<ContentNode> {
      const store = await target(networkId);
      const node = await readNode(store, cid, segments, signal);
      return { ...node, pin: await pinOf(store, node.cid, signal) };
    },

    async list(networkId: string, cid: string, emit: (event: ContentListEvent) => void, signal: AbortSignal): Promise<void> {
      const store = await target(networkId);
      const answer = await kuboCommand(store, 'ls', [['arg', cid], ['stream', 'true']], { signal, timeoutSeconds: 60, doing: 'list this folder' });
      let batch: ContentEntry[] = [];
      const listed: ContentEntry[] = [];
      let loaded = 0;
      let lastSent = Date.now();
      for await (const value of ndjsonObjects(answer.body, 'list this folder')) {
        for (const object of (value as { Objects?: { Links?: unknown[] }[] }).Objects ?? []) {
          for (const link of object.Links ?? []) {
            const entry = entryOf(link);
            batch.push(entry);
            if (listed.length <= LISTED_NAMES_MAX) listed.push(entry);
            loaded += 1;
          }
        }
        if (batch.length >= LIST_BATCH || Date.now() - lastSent > 200) {
          emit({ kind: 'entries', entries: batch, loaded });
          batch = [];
          lastSent = Date.now();
        }
      }
      if (batch.length > 0) emit({ kind: 'entries', entries: batch, loaded });
      // A folder of a size a person browses: its files' names are kept, so they are found by name later.
      if (listed.length > 0 && listed.length <= LISTED_NAMES_MAX) names.recordListed(networkId, cid, listed);
      emit({ kind: 'done', total: loaded });
    },

    async preview(networkId: string, cid: string, segments: readonly string[], maxBytes = DEFAULT_PREVIEW_BYTES, name?: string, signal?: AbortSignal): Promise<ContentPreview> {
      const store = await target(networkId);
      const node = await readNode(store, cid, segments, signal);
      if (node.kind === 'directory') throw new ContentError('BAD_REQUEST', 'This is a folder, not a file: open it to see its entries.');
      const length = Math.min(maxBytes, node.size);
      const chunks: Uint8Array[] = [];
      if (length > 0) {
        const answer = await kuboCommand(store, 'cat', [['arg', node.cid], ['length', String(length)]], { signal, doing: 'read this file' });
        let read = 0;
        for await (const chunk of answer.body) {
          read += chunk.byteLength;
          if (read > length) throw new ContentError('BAD_ANSWER', `The content store sent more than the ${length.toLocaleString('en-US')} bytes asked for.`);
          chunks.push(chunk);
        }
      }
      const { readPreview } = await import('./readPreview'); // its file-type and charset detection load with the first preview
      return readPreview(Buffer.concat(chunks), node.size, name ?? segments.at(-1));
    },

    async pins(networkId: string, signal?: AbortSignal): Promise<ContentPins> {
      const store = await target(networkId);
      const read = async (type: 'recursive' | 'direct') => {
        const answer = await kuboCommand(store, 'pin/ls', [['type', type], ['stream', 'true']], { signal, timeoutSeconds: 60, doing: 'list the pins' });
        const cids: string[] = [];
        for await (const value of ndjsonObjects(answer.body, 'list the pins')) {
          const line = value as { Cid?: unknown; Keys?: Record<string, unknown> };
          if (typeof line.Cid === 'string') cids.push(line.Cid);
          else cids.push(...Object.keys(line.Keys ?? {}));
          if (cids.length >= PINS_MAX) break;
        }
        return cids;
      };
      const [recursive, direct] = await Promise.all([read('recursive'), read('direct')]);
      return { recursive: recursive.slice(0, PINS_MAX), direct: direct.slice(0, PINS_MAX), truncated: recursive.length >= PINS_MAX || direct.length >= PINS_MAX };
    },

    async pin(networkId: string, cid: string, signal?: AbortSignal): Promise<{ pinned: string }> {
      const store = await target(networkId);
      const answer = await kuboCommand(store, 'pin/add', [['arg', cid], ['recursive', 'true']], { signal, timeoutSeconds: 120, doing: 'pin this' });
      await jsonAnswer(answer, 'pin this');
      pinNames.delete(networkId);
      return { pinned: cid };
    },

    async unpin(networkId: string, cid: string, signal?: AbortSignal): Promise<{ unpinned: string }> {
      const store = await target(networkId);
      const pin = await pinOf(store, cid, signal);
      if (pin === 'indirect') throw new ContentError('BAD_REQUEST', 'This is pinned only as part of a pinned folder: unpin that folder instead.');
      const answer = await kuboCommand(store, 'pin/rm', [['arg', cid], ['recursive', String(pin !== 'direct')]], { signal, doing: 'unpin this' });
      await jsonAnswer(answer, 'unpin this');
      pinNames.delete(networkId);
      return { unpinned: cid };
    },

    recent: (networkId: string, limit?: number, cid?: string): RecentContent[] => recent.list(networkId, limit, cid),
    remember(networkId: string, cid: string, segments: readonly string[], name: string, kind: ContentKind | null): RecentContent {
      const kept = recent.remember(networkId, cid, segments, name, kind);
      // A root opened by a name (one given by hand, a link's) goes by it: kept where Clear in Recent does not reach.
      if (segments.length === 0 && name !== '') names.recordNamed(networkId, cid, name, kind);
      return kept;
    },

    async find(networkId: string, text: string, limit = 20): Promise<ContentFindResult> {
      const resolved = await options.resolve(networkId);
      const cached = pinNames.get(networkId);
      let read = cached && Date.now() - cached.at < PIN_NAMES_FRESH_MS ? cached.read : undefined;
      if (!read) {
        read = resolved.storageUrl ? readPinNames({ storageUrl: resolved.storageUrl, authorization: resolved.authorization }, PINS_MAX).catch(() => null) : Promise.resolve(null);
        pinNames.set(networkId, { at: Date.now(), read });
        // A failed read is not kept: the next keystroke asks again.
        void read.then((value) => value === null && pinNames.get(networkId)?.read === read && pinNames.delete(networkId));
      }
      return findByName(text, names.all(networkId), await read, limit, resolved.network.name);
    },
    forgetRecent: (networkId: string, cid?: string, path?: string): { deleted: number } => ({ deleted: recent.forget(networkId, cid, path) }),

    async addBegin(networkId: string, kind: 'files' | 'car', entries: readonly UploadEntry[], wrap: boolean): Promise<{ uploadId: string }> {
      const paths = new Set<string>();
      for (const entry of entries) {
        if (paths.has(entry.path)) throw new ContentError('BAD_REQUEST', `"${entry.path}" is in the upload twice.`);
        paths.add(entry.path);
      }
      return { uploadId: uploads.begin(await target(networkId), kind, entries, wrap, networkId) };
    },
    addChunk: async (uploadId: string, bytes: Uint8Array): Promise<{ received: number }> => ({ received: await uploads.chunk(uploadId, bytes) }),
    async addFinish(uploadId: string): Promise<UploadResult> {
      const finished = await uploads.finish(uploadId);
      // Added files are found again by their names (and the names of the files inside an added folder).
      if (finished.kind === 'files') names.recordUpload(finished.owner, finished.entries, finished.result);
      pinNames.delete(finished.owner);
      return finished.result;
    },
    addCancel: (uploadId: string): { cancelled: boolean } => ({ cancelled: uploads.cancel(uploadId) }),

    async save(networkId: string, cid: string, segments: readonly string[], name: string, as: 'file' | 'folder', emit: (event: ContentSaveEvent) => void, signal: AbortSignal): Promise<void> {
      const store = await target(networkId);
      const node = await readNode(store, cid, segments, signal);
      if (as === 'file' && node.kind === 'directory') throw new ContentError('BAD_REQUEST', 'This is a folder: save it as a folder (a .tar archive).');
      const arg = node.cid;
      const file =
        as === 'file'
          ? { name: plainFileName(name, 'content.bin'), displayName: placeName(name) || undefined, type: 'application/octet-stream', total: node.size }
          : { name: `${plainFileName(name.replace(/\.tar$/i, ''), 'folder', 116)}.tar`, displayName: placeName(name.replace(/\.tar$/i, '')) ? `${placeName(name.replace(/\.tar$/i, ''))}.tar` : undefined, type: 'application/x-tar', total: null };
      // A file is read with `cat` from an offset, so a transfer the store broke off goes on where it stopped; a
      // folder's tar (`get`) has no offset and cannot. Their chunks are lent: the file's writer writes each before
      // asking for the next.
      const open = (offset: number) =>
        as === 'file'
          ? kuboCommand(store, 'cat', [['arg', arg], ...(offset > 0 ? [['offset', String(offset)] as [string, string]] : [])], { signal, timeoutSeconds: 60, doing: 'save this file', lend: true })
          : kuboCommand(store, 'get', [['arg', arg], ['archive', 'true']], { signal, timeoutSeconds: 60, doing: 'save this folder', lend: true });
      await saveContent(open, file, options.saveFile, emit, signal, { resumable: as === 'file', lent: true });
    },

    close: () => uploads.close(),
  };
}

/** The service's interface, for the handlers. */
export type ContentService = ReturnType<typeof createContentService>;

const LS_TYPES: Record<number, ContentEntry['type']> = { 1: 'directory', 2: 'file', 4: 'symlink', 5: 'directory' };

function entryOf(link: unknown): ContentEntry {
  const value = link as { Name?: unknown; Hash?: unknown; Size?: unknown; Type?: unknown };
  return {
    name: typeof value.Name === 'string' ? value.Name : '',
    cid: typeof value.Hash === 'string' ? value.Hash : '',
    size: typeof value.Size === 'number' && Number.isFinite(value.Size) ? value.Size : 0,
    type: typeof value.Type === 'number' ? (LS_TYPES[value.Type] ?? 'unknown') : 'unknown',
  };
}
