import type http from 'node:http';

/** Reads a request body up to `limit` bytes; 'too-large' as soon as it is known to exceed it (reading stops there). */
export function readBody(req: http.IncomingMessage, limit: number): Promise<Buffer | 'too-large'> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve('too-large');
  // Inline listeners and a settled flag rather than add/remove pairs: this runs once per request.
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    req.on('data', (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size > limit) {
        settled = true;
        req.pause();
        resolve('too-large');
      } else {
        chunks.push(chunk);
      }
    });
    req.on('end', () => {
      if (settled) return;
      settled = true;
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    });
    req.on('error', (error) => {
      if (settled) return;
      settled = true;
      reject(error);
    });
    req.on('close', () => {
      if (settled) return;
      settled = true;
      reject(new Error('client went away before the body ended'));
    });
  });
}
