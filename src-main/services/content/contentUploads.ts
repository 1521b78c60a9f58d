import { randomBytes } from 'node:crypto';
import type { UploadEntry, UploadResult } from '../../../src-shared/content/contentTypes';
import { ContentError } from './contentErrors';
import { kuboCommand, ndjsonObjects, type StoreTarget } from './kuboCommand';
import { UploadBody } from './uploadSession';

/** An upload left without a chunk this long is cancelled (the window went away). */
const IDLE_MS = 120_000;

interface Upload {
  body: UploadBody;
  controller: AbortController;
  answer: Promise<unknown[]>;
  idle: NodeJS.Timeout;
  kind: 'files' | 'car';
  entries: readonly UploadEntry[];
  wrap: boolean;
  /** Whose upload it is (the network's id), told back when it finishes. */
  owner: string;
  /** Set when the store refused or failed before the upload finished. */
  failure?: unknown;
}

/**
 * Uploads in progress: each one request to the store (`add` with Kubo's defaults and pinned, or `dag/import`)
 * whose multipart body is written as the renderer sends the files' bytes, in order, with back-pressure.
 */
export function createContentUploads(log: (line: string) => void) {
  const uploads = new Map<string, Upload>();

  const take = (uploadId: string): Upload => {
    const upload = uploads.get(uploadId);
    if (!upload) throw new ContentError('NOT_FOUND', 'This upload is not running any more.', { details: 'It was finished, cancelled, or left idle for two minutes. Start it again.' });
    return upload;
  };
  const end = (uploadId: string) => {
    const upload = uploads.get(uploadId);
    if (!upload) return;
    clearTimeout(upload.idle);
    uploads.delete(uploadId);
  };
  const cancel = (uploadId: string): boolean => {
    const upload = uploads.get(uploadId);
    if (!upload) return false;
    end(uploadId);
    upload.controller.abort();
    upload.body.abort();
    upload.answer.catch(() => undefined);
    return true;
  };
  const armIdle = (uploadId: string) =>
    setTimeout(() => {
      log(`content: upload ${uploadId.slice(0, 8)} left idle; cancelled`);
      cancel(uploadId);
    }, IDLE_MS).unref();

  return {
    begin(target: StoreTarget, kind: 'files' | 'car', entries: readonly UploadEntry[], wrap: boolean, owner = ''): string {
      if (kind === 'car' && entries.some((entry) => entry.kind !== 'file')) throw new ContentError('BAD_REQUEST', 'Only CAR files can be imported, not folders.');
      const topLevel = new Set(entries.map((entry) => entry.path.split('/')[0]));
      const uploadId = randomBytes(16).toString('hex');
      const body = new UploadBody(entries);
      const controller = new AbortController();
      // Several loose files become one folder, so the result is one thing to open.
      const wrapped = kind === 'files' && (wrap || topLevel.size > 1);
      const params: [string, string][] =
        kind === 'car'
          ? [['pin-roots', 'true'], ['stats', 'true']]
          : [['pin', 'true'], ['wrap-with-directory', String(wrapped)], ['progress', 'false']];
      const command = kind === 'car' ? 'dag/import' : 'add';
      const doing = kind === 'car' ? 'import this CAR file' : 'add these files';
      const answer = (async () => {
        const started = await kuboCommand(target, command, params, { signal: controller.signal, body: body.stream, contentType: body.contentType, timeoutSeconds: 300, doing });
        const objects: unknown[] = [];
        for await (const value of ndjsonObjects(started.body, doing)) objects.push(value);
        return objects;
      })();
      const upload: Upload = { body, controller, answer, idle: armIdle(uploadId), kind, entries, wrap: wrapped, owner };
      // A failure before the end is seen by the next chunk (or the finish), and stops the body.
      answer.catch((error: unknown) => {
        upload.failure = error;
        body.abort();
      });
      uploads.set(uploadId, upload);
      return uploadId;
    },

    async chunk(uploadId: string, bytes: Uint8Array): Promise<number> {
      const upload = take(uploadId);
      clearTimeout(upload.idle);
      upload.idle = armIdle(uploadId);
      // The store may have refused already (bad credentials, a full disk): say so now, not after every byte.
      if (upload.failure) {
        end(uploadId);
        throw upload.failure;
      }
      try {
        return await upload.body.write(bytes);
      } catch (error) {
        const failure = upload.failure ?? error;
        cancel(uploadId);
        throw failure;
      }
    },

    /** Ends an upload: what the store made, with what was declared and whose it is (for the names it gives). */
    async finish(uploadId: string): Promise<{ result: UploadResult; kind: 'files' | 'car'; entries: readonly UploadEntry[]; owner: string }> {
      const upload = take(uploadId);
      upload.body.finish();
      try {
        const objects = await upload.answer;
        const result = upload.kind === 'car' ? carResult(objects) : addResult(objects, upload);
        return { result, kind: upload.kind, entries: upload.entries, owner: upload.owner };
      } finally {
        end(uploadId);
      }
    },

    cancel,

    /** Cancels every upload (the app is closing). */
    close(): void {
      for (const uploadId of [...uploads.keys()]) cancel(uploadId);
    },
  };
}

function addResult(objects: unknown[], upload: Upload): UploadResult {
  const entries = objects
    .map((value) => value as { Name?: unknown; Hash?: unknown; Size?: unknown })
    .filter((value) => typeof value.Hash === 'string')
    .map((value) => ({ name: String(value.Name ?? ''), cid: String(value.Hash), size: Number(value.Size ?? 0) }));
  if (entries.length === 0) throw new ContentError('BAD_ANSWER', 'The content store accepted the files but named no CID.');
  const topName = upload.entries[0]!.path.split('/')[0]!;
  const root = upload.wrap ? entries.find((entry) => entry.name === '') : entries.find((entry) => entry.name === topName);
  const last = root ?? entries.at(-1)!;
  const isFolder = upload.wrap || upload.entries.some((entry) => entry.kind === 'directory' || entry.path.includes('/'));
  return { root: { cid: last.cid, name: upload.wrap ? '' : topName, kind: isFolder ? 'directory' : 'file' }, entries };
}

function carResult(objects: unknown[]): UploadResult {
  const roots: { cid: string; error: string }[] = [];
  for (const value of objects) {
    const root = (value as { Root?: { Cid?: { '/'?: unknown }; PinErrorMsg?: unknown } }).Root;
    if (root && typeof root.Cid?.['/'] === 'string') roots.push({ cid: root.Cid['/'], error: typeof root.PinErrorMsg === 'string' ? root.PinErrorMsg : '' });
  }
  const failed = roots.find((root) => root.error !== '');
  if (failed) throw new ContentError('STORE_ERROR', 'The CAR file was imported, but its root could not be pinned.', { nodeSaid: failed.error.slice(0, 300) });
  if (roots.length === 0) throw new ContentError('BAD_REQUEST', 'The CAR file names no root: there is nothing to open.');
  // What kind the root is, the browser finds out when it opens it.
  return { root: { cid: roots[0]!.cid, name: '', kind: 'directory' }, entries: roots.map((root) => ({ name: '', cid: root.cid, size: 0 })) };
}
