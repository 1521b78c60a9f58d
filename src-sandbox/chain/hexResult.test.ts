import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { hexResult } from './hexResult';

/** Runs `text` through the stream in chunks of the given sizes (the rest in one). */
async function run(text: string, sizes: number[] = []): Promise<Buffer> {
  const input = Buffer.from(text);
  const chunks: Buffer[] = [];
  let at = 0;
  for (const size of sizes) {
    if (at >= input.length) break;
    chunks.push(input.subarray(at, at + size));
    at += size;
  }
  if (at < input.length) chunks.push(input.subarray(at));
  const out: Buffer[] = [];
  for await (const piece of Readable.from(chunks).pipe(hexResult())) out.push(piece as Buffer);
  return Buffer.concat(out);
}

describe('hexResult', () => {
  it('gives the bytes of the result whatever the chunk boundaries and the case of the digits', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 300 }), fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 60 }), fc.boolean(), async (bytes, sizes, upper) => {
        const hex = Buffer.from(bytes).toString('hex');
        const text = `{"jsonrpc":"2.0","id":1,"result":"0x${upper ? hex.toUpperCase() : hex}"}`;
        expect(Buffer.compare(await run(text, sizes), Buffer.from(bytes))).toBe(0);
      }),
      { numRuns: 300 },
    );
  });

  it("fails with the node's words on an error answer", async () => {
    await expect(run('{"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"no state"}}')).rejects.toThrow('the node answered without a result: {"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"no state"}}');
  });

  it('fails on a result cut off, not hex, or of an odd length', async () => {
    await expect(run('{"jsonrpc":"2.0","id":1,"result":"0xabcd')).rejects.toThrow('ended inside its result');
    await expect(run('{"jsonrpc":"2.0","id":1,"result":"0xzz"}')).rejects.toThrow('not hex');
    await expect(run('{"jsonrpc":"2.0","id":1,"result":"0xabc"}')).rejects.toThrow('odd number');
  });
});
