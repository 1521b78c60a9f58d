import { Readable, type Transform } from 'node:stream';
import { text } from 'node:stream/consumers';

/** Runs `input` through a transform cut into chunks of the given sizes (the rest as one chunk); answers its text. */
export async function throughTransform(input: string, transform: Transform, sizes: number[] = []): Promise<string> {
  const bytes = Buffer.from(input);
  const chunks: Buffer[] = [];
  let at = 0;
  for (const size of sizes) {
    if (at >= bytes.length) break;
    chunks.push(bytes.subarray(at, at + Math.max(1, size)));
    at += Math.max(1, size);
  }
  if (at < bytes.length) chunks.push(bytes.subarray(at));
  return text(Readable.from(chunks).pipe(transform));
}
