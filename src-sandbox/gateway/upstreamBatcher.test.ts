import { Pool } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type AnvilProcess } from '../chain/anvil';
import { createUpstreamBatcher, type UpstreamBytes } from './upstreamBatcher';
import { useGatewayOnTestChain, type RpcResponse } from './testing/testSupport';

let anvil: AnvilProcess;
let pool: Pool;

beforeAll(async () => {
  anvil = await startAnvil();
  pool = new Pool(anvil.url);
});

afterAll(async () => {
  await pool?.close();
  await anvil?.stop();
});

/** A real post to Anvil that records what went upstream. */
function recordingPost() {
  const sent: string[] = [];
  const post = async (body: Buffer | string): Promise<UpstreamBytes> => {
    sent.push(String(body));
    const response = await pool.request({ path: '/', method: 'POST', headers: { 'content-type': 'application/json' }, body });
    return { status: response.statusCode, body: Buffer.from(await response.body.arrayBuffer()) };
  };
  return { sent, post };
}

const request = (id: string | number, method = 'eth_chainId') => JSON.stringify({ jsonrpc: '2.0', id, method, params: [] });

describe('createUpstreamBatcher', () => {
  it('sends a lone request as it is', async () => {
    const { sent, post } = recordingPost();
    const send = createUpstreamBatcher(post);
    const answer = await send(request(1));
    expect(sent).toEqual([request(1)]);
    expect(JSON.parse(String(answer.body))).toEqual({ jsonrpc: '2.0', id: 1, result: '0x7a69' });
  });

  it('coalesces requests of one turn into one batch and hands each its own bytes', async () => {
    const { sent, post } = recordingPost();
    const send = createUpstreamBatcher(post);
    const ids = Array.from({ length: 20 }, (_, i) => (i % 2 ? i : `s${i}`));
    const answers = await Promise.all(ids.map((id, i) => send(request(id, i % 3 ? 'eth_chainId' : 'eth_blockNumber'))));
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!)).toHaveLength(20);
    expect(answers.map((a) => (JSON.parse(String(a.body)) as RpcResponse).id)).toEqual(ids);
    expect(answers.every((a) => a.status === 200)).toBe(true);
  });

  it('retries one by one when the node refuses the batch as a whole', async () => {
    const { sent, post } = recordingPost();
    const send = createUpstreamBatcher(post);
    // Anvil refuses a whole batch when one item has an id it cannot read (here 1.5).
    const bodies = [request(1), '{"jsonrpc":"2.0","id":1.5,"method":"eth_chainId"}', request('three')];
    const answers = await Promise.all(bodies.map((body) => send(body)));
    expect(sent).toHaveLength(1 + bodies.length);
    const parsed = answers.map((a) => JSON.parse(String(a.body)) as RpcResponse);
    expect(parsed[0]).toEqual({ jsonrpc: '2.0', id: 1, result: '0x7a69' });
    expect(parsed[1]?.id).toBeNull(); // the forwarding layer rewrites this one (see below)
    expect(parsed[2]).toEqual({ jsonrpc: '2.0', id: 'three', result: '0x7a69' });
  });
});

describe('coalescing through the gateway', () => {
  const { gateway } = useGatewayOnTestChain();

  it('answers many concurrent clients, odd ids included, each with its own id and result', async () => {
    const ids: (string | number | null)[] = Array.from({ length: 60 }, (_, i) => (i % 5 === 0 ? i + 0.5 : i % 3 === 0 ? `id-${i}` : i));
    ids.push(null, '\u00e9\u{1F600}', -5, 1e21);
    const responses = await Promise.all(
      ids.map(async (id, i) => {
        const method = i % 2 ? 'eth_chainId' : 'eth_getBalance';
        const params = i % 2 ? [] : ['0x0000000000000000000000000000000000000001', 'latest'];
        const res = await gateway().post(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
        return JSON.parse(res.text) as RpcResponse;
      }),
    );
    expect(responses.map((r) => r.id)).toEqual(ids);
    expect(responses.every((r) => r.result !== undefined)).toBe(true);
  });
});
