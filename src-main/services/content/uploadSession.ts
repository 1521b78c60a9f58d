import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { UploadEntry } from '../../../src-shared/content/contentTypes';
import { ContentError } from './contentErrors';

/**
 * The multipart body of one upload, as Kubo's `add` and `dag/import` read it: a part named `file` per entry
 * (the filename its URL-escaped path; folders as `application/x-directory`), written as the entries' bytes
 * arrive, in order, with back-pressure: `write` waits while the store is slower than the sender.
 */
export class UploadBody {
  readonly boundary = `blockglass-${randomBytes(12).toString('hex')}`;
  readonly stream = new PassThrough({ highWaterMark: 1024 * 1024 });
  /** Index of the entry whose bytes come next. */
  private index = 0;
  private writtenOfCurrent = 0;
  private received = 0;
  private finished = false;

  constructor(private readonly entries: readonly UploadEntry[]) {
    this.openParts();
  }

  get contentType(): string {
    return `multipart/form-data; boundary=${this.boundary}`;
  }

  /** Bytes of file content taken so far. */
  get bytes(): number {
    return this.received;
  }

  /** The next bytes of the current file; answers when the body has room for more. */
  async write(chunk: Uint8Array): Promise<number> {
    if (this.stream.destroyed) throw new ContentError('CANCELLED', 'The upload was stopped.');
    const entry = this.entries[this.index];
    if (!entry) throw new ContentError('BAD_REQUEST', 'Every file of this upload has been sent already; these bytes belong to none.');
    const room = entry.size - this.writtenOfCurrent;
    if (chunk.byteLength > room) throw new ContentError('BAD_REQUEST', `More bytes came for "${entry.path}" than its size (${entry.size.toLocaleString('en-US')} bytes).`);
    this.writtenOfCurrent += chunk.byteLength;
    this.received += chunk.byteLength;
    const more = this.stream.write(chunk);
    if (this.writtenOfCurrent === entry.size) {
      this.stream.write('\r\n');
      this.index += 1;
      this.openParts();
    }
    if (!more && !this.stream.destroyed) await new Promise<void>((resolve) => {
      const done = () => {
        this.stream.off('drain', done);
        this.stream.off('close', done);
        resolve();
      };
      this.stream.on('drain', done);
      this.stream.on('close', done);
    });
    return this.received;
  }

  /** Ends the body; refuses when a file's bytes are still missing. */
  finish(): void {
    const entry = this.entries[this.index];
    if (entry) {
      throw new ContentError('BAD_REQUEST', `The upload is not complete: ${(entry.size - this.writtenOfCurrent).toLocaleString('en-US')} bytes of "${entry.path}" have not been sent.`);
    }
    if (!this.finished) {
      this.finished = true;
      this.stream.end(`--${this.boundary}--\r\n`);
    }
  }

  /** Stops the body: the request to the store fails and is closed. */
  abort(): void {
    this.stream.destroy(new ContentError('CANCELLED', 'The upload was cancelled.'));
  }

  /** Writes the headers of every part that needs no bytes (folders, empty files) up to the next file with content. */
  private openParts(): void {
    for (;;) {
      const entry = this.entries[this.index];
      if (!entry) return;
      this.writtenOfCurrent = 0;
      const filename = encodeURIComponent(entry.path);
      const type = entry.kind === 'directory' ? 'application/x-directory' : 'application/octet-stream';
      this.stream.write(`--${this.boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`);
      if (entry.kind === 'file' && entry.size > 0) return;
      this.stream.write('\r\n');
      this.index += 1;
    }
  }
}
