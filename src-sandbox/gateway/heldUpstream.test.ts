import { describe, expect, it } from 'vitest';
import { heldUpstream } from './heldUpstream';
import type { UpstreamHttp } from './upstreamHttp';

/** An upstream whose answers the test gives by hand, in the order asked. */
function manualUpstream() {
  const pending: { body: string; answer: (bytes: string) => void }[] = [];
  const upstream: UpstreamHttp = {
    post: (body) => new Promise((resolve) => pending.push({ body: String(body), answer: (bytes) => resolve({ status: 200, body: Buffer.from(bytes) }) })),
    exchange: () => Promise.reject(new Error('not used')),
    call: () => Promise.reject(new Error('not used')),
    close: async () => {},
  };
  return { upstream, pending };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('heldUpstream', () => {
  it('waits for the requests in flight, holds new ones until released, then sends them', async () => {
    const { upstream, pending } = manualUpstream();
    const held = heldUpstream(upstream);
    const first = held.post('first');
    await tick();
    let holding = false;
    const hold = held.hold(60_000).then((release) => ((holding = true), release));
    await tick();
    expect(holding).toBe(false); // 'first' is still in flight
    const second = held.post('second');
    await tick();
    expect(pending.map((p) => p.body)).toEqual(['first']);
    pending[0]!.answer('one');
    expect((await first).body.toString()).toBe('one');
    const release = await hold;
    await tick();
    expect(pending.map((p) => p.body)).toEqual(['first']); // 'second' waits while held
    release();
    await tick();
    expect(pending.map((p) => p.body)).toEqual(['first', 'second']);
    pending[1]!.answer('two');
    expect((await second).body.toString()).toBe('two');
  });

  it('stops waiting for a request in flight after the drain time', async () => {
    const { upstream } = manualUpstream();
    const held = heldUpstream(upstream);
    void held.post('stuck');
    await tick();
    const release = await held.hold(5);
    release();
  });
});
