import { z } from 'zod';
import { networkIdSchema } from '../networks/network';
import { inspectCid } from '../content/inspectCid';
import type { ContentFindResult, ContentListEvent, ContentNode, ContentPins, ContentPreview, ContentSaveEvent, RecentContent, UploadResult } from '../content/contentTypes';
import { method, topic } from './define';

// Area `content`: the content browser. Every call goes to the network's content store (Kubo's RPC under
// `<storage_url>/api/v0/`) from main, with the network's basic credentials.

import { PREVIEW_MAX_BYTES, UPLOAD_CHUNK_BYTES, UPLOAD_MAX_ENTRIES } from '../content/contentLimits';
import { groupDigits } from '../text/groupDigits';

const cidSchema = z.string().transform((text, context) => {
  const inspected = inspectCid(text);
  if (!inspected.ok) {
    context.addIssue({ code: 'custom', message: inspected.message });
    return z.NEVER;
  }
  return inspected.facts.cid;
});

const segmentSchema = z
  .string()
  .min(1, 'A path part cannot be empty.')
  .max(255, 'A name in a content path is at most 255 bytes.')
  .refine((name) => !name.includes('/') && name !== '.' && name !== '..', 'A path part cannot be "." or "..", or contain "/".');

const placeSchema = { networkId: networkIdSchema, cid: cidSchema, path: z.array(segmentSchema).max(64, 'A content path is at most 64 names deep.').default([]) };

const uploadPathSchema = z
  .string()
  .min(1)
  .max(4096)
  .refine((text) => text.split('/').every((part) => part !== '' && part !== '.' && part !== '..'), 'An upload path is names separated by "/", none empty, "." or "..".');

/** The methods of area `content`. */
export const contentMethods = {
  'content.resolve': method<ContentNode>()({
    input: z.strictObject(placeSchema),
    doc: "What is at `<cid>/<path>`: its CID, codec, kind (folder, file, …), size and pin. Read with `object/get` (the spec's), or `dag/get` where the store no longer offers it.",
  }),
  'content.preview': method<ContentPreview>()({
    input: z.strictObject({ ...placeSchema, maxBytes: z.number().int().min(1).max(PREVIEW_MAX_BYTES).optional(), name: z.string().max(255).optional() }),
    doc: "A file's first bytes (default 256 KiB, at most 4 MiB), read as text (encoding detected), JSON, Markdown, an image or binary.",
  }),
  'content.pins': method<ContentPins>()({
    input: z.strictObject({ networkId: networkIdSchema }),
    doc: "The store's recursive and direct pins (at most 50,000 of each).",
  }),
  'content.pin': method<{ pinned: string }>()({
    input: z.strictObject({ networkId: networkIdSchema, cid: cidSchema }),
    doc: 'Pins a CID recursively (the store fetches the whole DAG first).',
  }),
  'content.unpin': method<{ unpinned: string }>()({
    input: z.strictObject({ networkId: networkIdSchema, cid: cidSchema }),
    doc: "Removes a CID's recursive or direct pin (`pin/rm`).",
  }),
  'content.recent': method<RecentContent[]>()({
    input: z.strictObject({ networkId: networkIdSchema, cid: cidSchema.optional(), limit: z.number().int().min(1).max(200).optional() }),
    doc: 'CIDs opened recently on a network, newest first (default 20); with `cid`, only the places under that CID (what name it was opened by).',
  }),
  'content.remember': method<RecentContent>()({
    input: z.strictObject({ ...placeSchema, name: z.string().max(255).default(''), kind: z.enum(['directory', 'file', 'symlink', 'other']).nullable().default(null) }),
    doc: "Records that a place was opened (kept in SQLite, 200 per network), by the name it was opened by; an empty name keeps the one already known (a bare CID reopened keeps an added file's name). Answers the entry as kept.",
  }),
  'content.forgetRecent': method<{ deleted: number }>()({
    input: z.strictObject({ networkId: networkIdSchema, cid: cidSchema.optional(), path: z.string().max(16_384).optional() }),
    doc: "Forgets one recent place (`cid` and its `path`, '' for the root), every place under a CID (`cid` alone), or all of a network's.",
  }),
  'content.find': method<ContentFindResult>()({
    input: z.strictObject({
      networkId: networkIdSchema,
      text: z.string().trim().min(1, 'Type a name, or part of one.').max(255, 'A name is at most 255 characters.'),
      limit: z.number().int().min(1).max(100).optional(),
    }),
    doc: "Content found by its name (case-insensitive, any part of it): the names given when files and folders were added, the files' names inside added folders, names people set, names places were opened by, and the store's own pin names (`pin/ls --names`, where it keeps them). Best first (the whole name, then its start, then the newest; default 20); with no match, `none` says what was searched.",
  }),
  'content.addBegin': method<{ uploadId: string }>()({
    input: z.strictObject({
      networkId: networkIdSchema,
      kind: z.enum(['files', 'car']),
      entries: z
        .array(z.strictObject({ path: uploadPathSchema, kind: z.enum(['file', 'directory']), size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) }))
        .min(1, 'Choose at least one file.')
        .max(UPLOAD_MAX_ENTRIES, `At most ${groupDigits(UPLOAD_MAX_ENTRIES)} entries in one upload.`),
      wrap: z.boolean().default(false),
    }),
    doc: "Starts an upload: files and folders added with the store's defaults (`add`, pinned), or CAR files imported (`dag/import`). The files' bytes follow with `content.addChunk`, in the entries' order.",
  }),
  'content.addChunk': method<{ received: number }>()({
    input: z.strictObject({ uploadId: z.string().regex(/^[0-9a-f]{32}$/, 'not an upload id'), base64: z.string().max(Math.ceil(UPLOAD_CHUNK_BYTES / 3) * 4, 'An upload chunk is at most 1 MiB.') }),
    doc: 'The next bytes of the upload, in order; answers once the store has taken them (back-pressure).',
  }),
  'content.addFinish': method<UploadResult>()({
    input: z.strictObject({ uploadId: z.string().regex(/^[0-9a-f]{32}$/, 'not an upload id') }),
    doc: "Ends an upload and answers what the store made: every entry's CID and the root to open.",
  }),
  'content.addCancel': method<{ cancelled: boolean }>()({
    input: z.strictObject({ uploadId: z.string().regex(/^[0-9a-f]{32}$/, 'not an upload id') }),
    doc: 'Cancels an upload: the request to the store is aborted.',
  }),
} as const;

/** The subscriptions of area `content`. */
export const contentTopics = {
  'content.list': topic<ContentListEvent>()({
    mode: 'stream',
    input: z.strictObject({ networkId: networkIdSchema, cid: cidSchema }),
    doc: "A folder's entries (name, CID, size, type) as the store lists them (`ls`, streamed), then the end. Cancelling stops the look-up.",
  }),
  'content.save': topic<ContentSaveEvent>()({
    mode: 'stream',
    input: z.strictObject({ ...placeSchema, name: z.string().min(1).max(255), as: z.enum(['file', 'folder']) }),
    doc: 'Saves a file (`cat`) or a folder as a tar archive (`get`), streamed to disk with progress. Cancelling stops it; no partial file is left under the chosen name.',
  }),
} as const;
