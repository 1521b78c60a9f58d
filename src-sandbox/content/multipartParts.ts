import type http from 'node:http';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import { ClientGoneError } from './wire';
import { ArgumentError, CommandError, errorMessage } from './errors';

/** Longest symlink target read from a part (a path, not content). */
const MAX_SYMLINK_TARGET = 4096;

/** One entry of an `add` upload, in upload order. */
export type MultipartPart =
  | { kind: 'file'; path: string; content: AsyncIterable<Uint8Array> }
  | { kind: 'directory'; path: string }
  | { kind: 'symlink'; path: string; target: string };

/**
 * Opens the multipart body of a command taking files (`add`, `block/put`, `dag/put`, `dag/import`): files,
 * `application/x-directory` parts, `application/symlink` parts. Throws `ArgumentError` naming the command's
 * file argument when the request is not multipart at all, as Kubo's parser answers 400.
 */
export function openMultipart(req: http.IncomingMessage, argument = 'path'): AsyncGenerator<MultipartPart> {
  const contentType = req.headers['content-type'] ?? '';
  if (!/^multipart\/(form-data|mixed)\s*(;|$)/i.test(contentType)) {
    throw new ArgumentError(`file argument '${argument}' is required`);
  }
  let parser: busboy.Busboy;
  try {
    // preservePath: the filename is the entry's whole path, not just its last name.
    parser = busboy({ headers: req.headers, preservePath: true, defParamCharset: 'utf8' });
  } catch (error) {
    throw new ArgumentError(`invalid multipart request: ${errorMessage(error)}`);
  }
  return parts(req, parser);
}

async function* parts(req: http.IncomingMessage, parser: busboy.Busboy): AsyncGenerator<MultipartPart> {
  // busboy emits the next part only after the previous part's stream was consumed, so this queue holds
  // at most one part: the upload streams through with back-pressure, never buffered whole.
  const queue: { content: Readable; filename: string | undefined; mimeType: string }[] = [];
  let finished = false;
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  let current: Readable | undefined;
  const notify = () => wake?.();
  parser.on('file', (_field, content, info) => {
    current = content;
    // busboy destroys a part with the form's error even when nobody reads that part any more (the
    // import already failed); the error reaches the answer through the parser, so this one is not uncaught.
    content.on('error', () => undefined);
    queue.push({ content, filename: info.filename, mimeType: info.mimeType.toLowerCase() });
    notify();
  });
  parser.on('close', () => {
    finished = true;
    notify();
  });
  parser.on('error', (error: unknown) => {
    failure ??= new CommandError(errorMessage(error));
    notify();
  });
  const onClose = () => {
    if (!req.complete) {
      failure ??= new ClientGoneError();
      // The part being read would otherwise wait forever for bytes that will not come.
      current?.destroy(failure);
      notify();
    }
  };
  req.on('close', onClose);
  req.pipe(parser);
  try {
    for (;;) {
      const next = queue.shift();
      if (next !== undefined) {
        const path = partPath(next.filename);
        if (next.mimeType === 'application/x-directory') {
          next.content.resume();
          yield { kind: 'directory', path };
        } else if (next.mimeType === 'application/symlink') {
          yield { kind: 'symlink', path, target: await readSmall(next.content, MAX_SYMLINK_TARGET) };
        } else {
          yield { kind: 'file', path, content: partBytes(next.content) };
        }
        continue;
      }
      if (failure !== undefined) throw failure;
      if (finished) return;
      await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
    }
  } finally {
    req.off('close', onClose);
    if (!finished) {
      // Stop parsing and let the rest of the body drain, so the answer can still be sent.
      req.unpipe(parser);
      for (const part of queue) part.content.resume();
      req.resume();
    }
  }
}

/** A part's bytes; a malformed body surfaces here, as the upload's (not the store's) fault. */
async function* partBytes(stream: Readable): AsyncGenerator<Uint8Array> {
  try {
    yield* stream as AsyncIterable<Uint8Array>;
  } catch (error) {
    if (error instanceof ClientGoneError || error instanceof CommandError) throw error;
    throw new CommandError(errorMessage(error));
  }
}

/** Kubo decodes filenames with Go's `url.QueryUnescape` ('+' is a space) and cleans the path. */
function partPath(filename: string | undefined): string {
  if (filename === undefined || filename === '') return '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(filename.replace(/\+/g, ' '));
  } catch {
    throw new CommandError(`invalid URL escape in file name "${filename}"`);
  }
  const segments = decoded.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..')) throw new CommandError(`file name "${decoded}" leaves its directory`);
  return segments.join('/');
}

async function readSmall(stream: Readable, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > limit) throw new CommandError(`symlink target longer than ${limit} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
