import { CID } from 'multiformats/cid';
import { describe, expect, it } from 'vitest';
import { createWriteBehind } from './writeBehind';

const cid = CID.parse('QmUNLLsPACCz1vLxQVkXqqLX5R1X345qqfHbsf67hvA3Nn');

describe('createWriteBehind', () => {
  it('keeps at most 32 writes in flight and flushes them all', async () => {
    let inFlight = 0;
    let most = 0;
    let done = 0;
    const writer = createWriteBehind(async () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight -= 1;
      done += 1;
    });
    for (let index = 0; index < 100; index += 1) await writer.put(cid, new Uint8Array(10));
    await writer.flush();
    expect(done).toBe(100);
    expect(most).toBe(32);
  });

  it('bounds the bytes waiting to be written', async () => {
    let inFlight = 0;
    let most = 0;
    const writer = createWriteBehind(async (_cid, bytes) => {
      inFlight += bytes.byteLength;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight -= bytes.byteLength;
    });
    for (let index = 0; index < 40; index += 1) await writer.put(cid, new Uint8Array(1024 * 1024));
    await writer.flush();
    expect(most).toBeLessThanOrEqual(8 * 1024 * 1024);
  });

  it('fails the next put or the flush after a failed write', async () => {
    const writer = createWriteBehind(async () => {
      throw new Error('disk full');
    });
    await writer.put(cid, new Uint8Array(1));
    await expect(writer.flush()).rejects.toThrow('disk full');
    await expect(writer.put(cid, new Uint8Array(1))).rejects.toThrow('disk full');
  });
});
