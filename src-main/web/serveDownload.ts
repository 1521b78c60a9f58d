import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileToSave } from '../services/files/createDownloads';
import { securityHeaders } from './securityHeaders';

/**
 * Sends a one-time download as an attachment, streamed chunk by chunk as its producer makes them (with
 * backpressure), so a 100,000-row export is never whole in memory. A window that goes away mid-file stops
 * the producer.
 */
export async function serveDownload(response: ServerResponse, file: FileToSave): Promise<void> {
  response.writeHead(200, {
    ...securityHeaders('no-store'),
    'Content-Type': file.type,
    'Content-Disposition': `attachment; filename="${file.name}"`,
  });
  await pipeline(Readable.from(file.chunks()), response).catch(() => undefined);
}
