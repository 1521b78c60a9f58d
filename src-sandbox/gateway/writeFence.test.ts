import { describe, expect, it } from 'vitest';
import { isWriteMethod, WriteFence, writeOutcome } from './writeFence';

const HASH_A = `0x${'a'.repeat(64)}`;
const HASH_B = `0x${'b'.repeat(64)}`;
const reply = (body: unknown) => Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: 1, ...(body as object) }));
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A fence over a fake node: `mined` maps hashes to their block; `clock` is the fence's time. */
function fakeFence() {
  const mined = new Map<string, number>();
  const clock = { now: 0 };
  const fence = new WriteFence(async (hash) => mined.get(hash) ?? null, 10_000, () => clock.now);
  return { fence, mined, clock };
}

describe('writeOutcome', () => {
  it.each([
    ['a transaction hash', reply({ result: HASH_A }), { kind: 'hash', hash: HASH_A }],
    ['a receipt (eth_sendRawTransactionSync)', reply({ result: { blockNumber: '0x1f', transactionHash: HASH_A } }), { kind: 'block', number: 31 }],
    ['a node refusal', reply({ error: { code: -32003, message: 'nonce too low' } }), { kind: 'none' }],
    ['a decoding refusal', reply({ error: { code: -32602, message: 'Failed to decode transaction' } }), { kind: 'none' }],
    ["the gateway's own upstream failure", reply({ error: { code: -32603, message: 'upstream request failed' } }), { kind: 'unknown' }],
    ['an odd result', reply({ result: 42 }), { kind: 'unknown' }],
    ['bytes that are not JSON', Buffer.from('{'), { kind: 'unknown' }],
  ])('reads %s', (_name, bytes, expected) => {
    expect(writeOutcome(bytes)).toEqual(expected);
  });

  it('knows which methods write', () => {
    expect(['eth_sendRawTransaction', 'eth_sendRawTransactionSync', 'eth_sendRawTransactionConditional'].every(isWriteMethod)).toBe(true);
    expect(['eth_call', 'eth_sendTransaction', 'eth_getTransactionReceipt'].some(isWriteMethod)).toBe(false);
  });
});

describe('WriteFence', () => {
  it('holds from before the write is sent until the head reaches its receipt block', async () => {
    const { fence, mined } = fakeFence();
    expect(fence.holds(5)).toBe(false);
    let answer!: (bytes: Buffer) => void;
    const tracked = fence.track(() => new Promise<Buffer>((resolve) => (answer = resolve)));
    expect(fence.holds(5)).toBe(true); // in flight
    answer(reply({ result: HASH_A }));
    await tracked;
    await settle();
    expect(fence.holds(5)).toBe(true); // answered, not mined yet
    mined.set(HASH_A, 6);
    fence.onHead();
    await settle();
    expect(fence.holds(5)).toBe(true); // mined in 6; the head the cache knows is still 5
    expect(fence.holds(6)).toBe(false);
  });

  it('lets go at once when the node refuses the write', async () => {
    const { fence } = fakeFence();
    await fence.track(async () => reply({ error: { code: -32003, message: 'nonce too low' } }));
    expect(fence.holds(5)).toBe(false);
  });

  it('takes the block straight from a receipt answer', async () => {
    const { fence } = fakeFence();
    await fence.track(async () => reply({ result: { blockNumber: '0x9' } }));
    expect(fence.holds(8)).toBe(true);
    expect(fence.holds(9)).toBe(false);
  });

  it('keeps each concurrent write until its own block is in', async () => {
    const { fence, mined } = fakeFence();
    await Promise.all([fence.track(async () => reply({ result: HASH_A })), fence.track(async () => reply({ result: HASH_B }))]);
    mined.set(HASH_A, 6);
    fence.onHead();
    await settle();
    expect(fence.holds(6)).toBe(true); // B is still pending
    mined.set(HASH_B, 7);
    fence.onHead();
    await settle();
    expect(fence.holds(6)).toBe(true);
    expect(fence.holds(7)).toBe(false);
  });

  it('holds after a failed or unreadable write until it expires', async () => {
    const { fence, clock } = fakeFence();
    await expect(fence.track(() => Promise.reject(new Error('socket hang up')))).rejects.toThrow('socket hang up');
    fence.onHead();
    await settle();
    expect(fence.holds(5)).toBe(true);
    clock.now = 10_000;
    fence.onHead();
    await settle();
    expect(fence.holds(5)).toBe(false);
  });

  it('forgets its floor when the head goes back (a revert)', async () => {
    const { fence } = fakeFence();
    await fence.track(async () => reply({ result: { blockNumber: '0x9' } }));
    fence.headWentBack();
    expect(fence.holds(3)).toBe(false);
  });
});
