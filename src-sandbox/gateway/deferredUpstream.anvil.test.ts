import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type AnvilProcess } from '../chain/anvil';
import { createDeferredUpstreamHttp } from './upstreamHttp';

// The seeded node's upstream while it starts: the sandbox is ready before it, so a read sent to it waits for its
// address, then goes as to any node; a node that never started fails each read with its reason.
describe('a deferred upstream', () => {
  let anvil: AnvilProcess;
  beforeAll(async () => {
    anvil = await startAnvil();
  }, 60_000);
  afterAll(async () => anvil?.stop());

  it('holds a request until the address is known, then answers it from that node', async () => {
    let give!: (url: string) => void;
    const upstream = createDeferredUpstreamHttp(new Promise<string>((resolve) => (give = resolve)), 10_000);
    // Asked before the node's address exists, answered by that node once it does.
    const answer = upstream.call('eth_chainId', []);
    give(anvil.url);
    await expect(answer).resolves.toBe('0x7a69');
    const posted = await upstream.post('{"jsonrpc":"2.0","id":7,"method":"eth_blockNumber","params":[]}');
    expect(JSON.parse(posted.body.toString())).toMatchObject({ id: 7, result: expect.stringMatching(/^0x/) });
    await upstream.close();
  });

  it('fails each request with the reason the node did not start, and closes', async () => {
    const upstream = createDeferredUpstreamHttp(Promise.reject(new Error('Anvil exited with code 1')), 10_000);
    await expect(upstream.call('eth_chainId', [])).rejects.toThrow('Anvil exited with code 1');
    await expect(upstream.exchange('eth_chainId', [])).rejects.toThrow('Anvil exited with code 1');
    await expect(upstream.close()).resolves.toBeUndefined();
  });
});
