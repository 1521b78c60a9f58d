import { describe, expect, inject, it } from 'vitest';
import { rawJsonRpc } from '../../test-support/rawJsonRpc';
import { mapNodeError } from './nodeErrors';

// Where Anvil's own answers differ from the seed and the hosted service, the gateway answers as they do.

const { info } = inject('sandbox');
const UNKNOWN_HASH = `0x${'11'.repeat(32)}`;

describe('answers the gateway rewrites', () => {
  it.each([
    ['eth_getUncleByBlockHashAndIndex', [UNKNOWN_HASH, '0x0']],
    ['eth_getUncleCountByBlockHash', [UNKNOWN_HASH]],
  ])('%s of an unknown block is null, as the seed says (Anvil: -32001)', async (method, params) => {
    const { body } = await rawJsonRpc(info.rpcUrl, method, params);
    expect(body).toEqual({ jsonrpc: '2.0', id: 1, result: null });
  });

  it.each(['eth_mining', 'eth_chainId ', 'eth_hashrate_'])('a method the node lacks (%j) gets the one -32601 text', async (method) => {
    const { body } = await rawJsonRpc(info.rpcUrl, method, []);
    expect(body.error).toEqual({ code: -32601, message: `the method ${method} does not exist/is not available` });
  });

  it('a pending block has number, hash, nonce and logsBloom null, as the seed says, and its other members', async () => {
    const { body } = await rawJsonRpc(info.rpcUrl, 'eth_getBlockByNumber', ['pending', false]);
    const block = body.result as Record<string, unknown>;
    expect(block).toMatchObject({ number: null, hash: null, nonce: null, logsBloom: null });
    expect(block.parentHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(Array.isArray(block.transactions)).toBe(true);
    const latest = (await rawJsonRpc(info.rpcUrl, 'eth_getBlockByNumber', ['latest', false])).body.result as Record<string, unknown>;
    expect(latest.hash).toMatch(/^0x[0-9a-f]{64}$/);
  });
});

describe('mapNodeError', () => {
  it("says a state below the head is not kept, instead of Anvil's 'out of range'", () => {
    expect(mapNodeError('eth_getBalance')({ code: -32602, message: 'BlockOutOfRangeError: block height is 426 but requested was 100' })).toMatchInlineSnapshot(`
      {
        "code": -32602,
        "message": "the state at block 100 is not available: the sandbox keeps the state of its seeded blocks and of its latest blocks, not of every block",
      }
    `);
  });

  it('leaves a block above the head as the node words it', () => {
    const error = { code: -32602, message: 'BlockOutOfRangeError: block height is 4 but requested was 100' };
    expect(mapNodeError('eth_getBalance')(error)).toEqual(error);
  });
});
