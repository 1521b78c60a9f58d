import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileToSave } from '../services/files/createDownloads';
import { securityHeaders } from './securityHeaders';

/**
 * Sends a one-time download as an attachment, streamed chunk by chunk as its producer makes them (with
 * backpressure), so a 100,000-row export is never whole in memory. A window that goes away mid-file stops
 * the producer. Lent chunks are each handed to the socket before the next is asked for.
 */
export async function serveDownload(response: ServerResponse, file: FileToSave): Promise<void> {
  response.writeHead(200, {
    ...securityHeaders('no-store'),
    'Content-Type': file.type,
    'Content-Disposition': contentDisposition(file),
  });
  if (!file.lent) return pipeline(Readable.from(file.chunks()), response).catch(() => undefined);
  const gone = new Promise<false>((resolve) => response.once('close', () => resolve(false)));
  const chunks = file.chunks()[Symbol.asyncIterator]();
  try {
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
      // The write's callback: its bytes are with the socket (and the chunk's memory free again), or it failed.
      const written = new Promise<boolean>((resolve) => response.write(next.value, (error) => resolve(!error)));
      if (!(await Promise.race([written, gone]))) return void (await chunks.return?.(undefined));
    }
    response.end();
  } catch {
    response.destroy();
  }
}

/**
 * The attachment header: the plain name, and the name the person knows the file by as RFC 6266's `filename*`
 * (UTF-8, percent-encoded), which browsers prefer, so `notes copy.txt` downloads as `notes copy.txt`.
 */
export function contentDisposition(file: Pick<FileToSave, 'name' | 'displayName'>): string {
  const plain = `attachment; filename="${file.name}"`;
  const shown = file.displayName;
  if (!shown || shown === file.name || [...shown].some((char) => char.charCodeAt(0) < 0x20 || char === '\u007f' || char === '/' || char === '\\')) return plain;
  const encoded = encodeURIComponent(shown).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${plain}; filename*=UTF-8''${encoded}`;
}
