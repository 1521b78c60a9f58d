import { describe, expect, it } from 'vitest';
import { NODE_MAX_REQUEST_BYTES } from './gatewayLimits';
import { useGatewayOnTestChain } from './testing/testSupport';

// A request the service accepts (under its 5 MiB body limit) but over Anvil's 2 MiB: Anvil answered -32600 to some
// and reset the connection on others ("upstream request failed"), so the same body got either answer. The gateway
// answers it itself, the same way every time, on its own, in a batch and over the node's limit by one byte.

const { gateway } = useGatewayOnTestChain();

const body = (size: number, id: number | null = 1) => {
  const frame = JSON.stringify({ jsonrpc: '2.0', id, method: 'eth_getBalance', params: ['', 'latest'] });
  return frame.replace(`""`, JSON.stringify('a'.repeat(size - frame.length)));
};

describe('a request over the node’s limit', () => {
  it('gets one answer, always: -32600 naming the limit, for 2 to 5 MiB bodies', async () => {
    const expected = { code: -32600, message: 'invalid request', data: `the request is over the sandbox node's limit of ${NODE_MAX_REQUEST_BYTES} bytes` };
    for (const size of [NODE_MAX_REQUEST_BYTES + 1, 2.5 * 2 ** 20, 3 * 2 ** 20, 4.5 * 2 ** 20, 5 * 2 ** 20 - 64]) {
      for (let run = 0; run < 3; run++) {
        const text = body(Math.floor(size));
        expect(Buffer.byteLength(text)).toBe(Math.floor(size));
        const answer = await gateway().post(text);
        expect(answer.status, `${size} bytes, run ${run}`).toBe(200);
        expect(JSON.parse(answer.text), `${size} bytes, run ${run}`).toEqual({ jsonrpc: '2.0', id: 1, error: expected });
      }
    }
    // In a batch, only the oversized item is refused; the other is answered by the node.
    const batch = `[${body(3 * 2 ** 20, 7)},{"jsonrpc":"2.0","id":8,"method":"eth_chainId","params":[]}]`;
    const answers = JSON.parse((await gateway().post(batch)).text) as { id: number; error?: unknown; result?: unknown }[];
    expect(answers).toEqual([{ jsonrpc: '2.0', id: 7, error: expected }, { jsonrpc: '2.0', id: 8, result: '0x7a69' }]);
  });

  it('still forwards a request just under the limit to the node', async () => {
    const answer = JSON.parse((await gateway().post(body(NODE_MAX_REQUEST_BYTES))).text) as { error: { code: number; message: string } };
    expect(answer.error.code).toBe(-32602); // Anvil read it: an address of a million letters is not an address
  });
});
