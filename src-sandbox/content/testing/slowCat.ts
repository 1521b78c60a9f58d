import crypto from 'node:crypto';
import http from 'node:http';

/**
 * Reads `cat` of a CID at no more than `bytesPerSecond`, pausing the response between bursts, like a slow
 * client. Returns the byte count and SHA-256 of what arrived.
 */
export async function slowCat(origin: string, authorization: string, cid: string, bytesPerSecond: number): Promise<{ bytes: number; sha256: string }> {
  const hash = crypto.createHash('sha256');
  let bytes = 0;
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    const request = http.request(`${origin}/api/v0/cat?arg=${cid}`, { method: 'POST', headers: { authorization } }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`cat answered ${response.statusCode}`));
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.byteLength;
        hash.update(chunk);
        const due = started + (bytes / bytesPerSecond) * 1000;
        const wait = due - performance.now();
        if (wait > 1) {
          response.pause();
          setTimeout(() => response.resume(), wait);
        }
      });
      response.on('end', () => resolve());
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
  return { bytes, sha256: hash.digest('hex') };
}
